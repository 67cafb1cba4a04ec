import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';

/** Pathless layout of screens that need the current terms accepted (spec section 2). */
export const Route = createFileRoute('/_auth/_accepted')({
  beforeLoad: ({ context }) => {
    if (context.auth.requiresTosAcceptance) throw redirect({ to: '/terms-acceptance' });
  },
  component: Outlet,
});
