import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../features/auth/forgot-password-screen';

export const Route = createFileRoute('/forgot-password')({
  staticData: { title: msg`Forgot password` },
  component: ForgotPasswordScreen,
});
