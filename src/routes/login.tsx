import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen';

export const Route = createFileRoute('/login')({
  staticData: { title: 'Sign in' },
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated) throw redirect({ to: '/my-ruminations' });
  },
  component: LoginScreen,
});
