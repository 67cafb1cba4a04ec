import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../features/auth/reset-password-screen';
import { tokenSearch } from '../features/auth/token-search';

export const Route = createFileRoute('/reset-password')({
  staticData: { title: msg`Reset password` },
  validateSearch: tokenSearch,
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordScreen token={token} />;
  },
});
