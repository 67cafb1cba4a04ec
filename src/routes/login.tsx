import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated) throw redirect({ href: '/my-ruminations' });
  },
  component: () => <h1>Sign In</h1>,
});
