import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../features/auth/forgot-password-screen';

export const Route = createFileRoute('/forgot-password')({
  staticData: { title: 'Forgot password' },
  component: ForgotPasswordScreen,
});
