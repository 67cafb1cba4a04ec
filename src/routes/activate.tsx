import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ActivateScreen } from '../features/auth/activate-screen';
import { tokenSearch } from '../features/auth/token-search';

export const Route = createFileRoute('/activate')({
  staticData: { title: msg`Activate your account` },
  validateSearch: tokenSearch,
  component: function ActivateRoute() {
    const { token } = Route.useSearch();
    // Keyed by token: a new link in the same tab starts a fresh activation.
    return <ActivateScreen key={token ?? ''} token={token} />;
  },
});
