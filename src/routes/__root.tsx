import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { RootLayout } from '../app/layout/root-layout';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <RootLayout>
      <Outlet />
    </RootLayout>
  ),
});
