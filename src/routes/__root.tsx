import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { RootLayout } from '../app/layout/root-layout';
import { RouteTitle } from '../app/route-title';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <RootLayout>
      <RouteTitle />
      <Outlet />
    </RootLayout>
  ),
});
