import { isAppPage } from '../api/app-pages';

/**
 * The app shell as the worker answers a navigation: for one of the app's pages as it is (200); for
 * any other address the same shell with 404, as the server answers it (src/api/app-pages.ts), so
 * a mistyped address is "Page not found" to the browser too, not only on the screen, once the
 * worker controls the site.
 */
export function shellAnswer(shell: Response, pathname: string): Response {
  if (isAppPage(pathname)) return shell;
  return new Response(shell.body, {
    status: 404,
    statusText: 'Not Found',
    headers: shell.headers,
  });
}
