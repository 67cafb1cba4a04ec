import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen';

export const Route = createFileRoute('/login')({
  staticData: { title: msg`Sign in` },
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated) throw redirect({ to: '/my-ruminations' });
  },
  component: LoginScreen,
});
