import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';

/** Pathless layout of every signed-in screen: signed-out visitors go to /login (spec section 2). */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context }) => {
    if (!context.auth.isAuthenticated) throw redirect({ to: '/login' });
  },
  component: Outlet,
});
