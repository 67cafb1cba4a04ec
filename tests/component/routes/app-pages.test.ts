import { describe, expect, test } from 'vitest';
import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router';
import { APP_PAGES, isAppPage, parseId } from '../../../src/api/app-pages';
import { createAppRouter } from '../../../src/app/router';
import { AuthSession } from '../../../src/features/auth/auth-session';
import { createQueryClient } from '../../../src/lib/query-client';
import { routeTree } from '../../../src/routeTree.gen';

/**
 * The server answers 404 for a path that is none of the app's pages (server/http/spa.ts), from a
 * list of its own (src/api/app-pages.ts): here the list is held to the route tree, and its
 * matching to the router's, so that a new page can't be answered 404 by mistake.
 */

/** The app's router (which also gives every route of the tree its full path). */
const router = createAppRouter({
  queryClient: createQueryClient(),
  auth: new AuthSession(),
  history: createMemoryHistory(),
});

/** The pages of the route tree: the routes with no child routes, by their full paths. */
function pagesOf(route: AnyRoute): string[] {
  const children = Object.values((route.children ?? {}) as Record<string, AnyRoute>);
  return children.length === 0 ? [route.fullPath] : children.flatMap(pagesOf);
}

/**
 * Whether the app shows a page at `pathname`, as its router decides: a route matched in full (a
 * fuzzy match, with '**' left over, renders "Page not found"), whose id, if it takes one, is an
 * id (else the route's component shows "Page not found").
 */
function routerShowsAPage(pathname: string): boolean {
  const [, params, found] = router.getMatchedRoutes(pathname);
  if (found === undefined || '**' in params) return false;
  return Object.values(params).every((value) => parseId(value) !== null);
}

describe("the app's pages, as the server knows them", () => {
  test('are the pages of the route tree, no more and no fewer', () => {
    expect([...APP_PAGES].sort()).toEqual(pagesOf(routeTree as AnyRoute).sort());
  });

  test.each([
    ...APP_PAGES.map((page) => page.replace(/\$[A-Za-z]+/g, '12')),
    '/user',
    '/My-Feed',
    '/my-feed/',
    '/people//',
    '//',
    '/rumination/%31%32',
    '/rumination/2147483647',
    '/rumination/2147483648',
    '/rumination/0',
    '/rumination/abc',
    '/rumination/1/extra',
    '/rumination/',
    '/user/%20',
    '/user/1%2F2',
    '/user/%E0%A4%A',
    '/us%65r/1',
    '/settings/x',
    '/no-such-page',
    '/index.html',
    '/_auth/settings',
    '/ruminations/12',
    '/users/12',
  ])('%s: the server and the router agree', (pathname) => {
    expect(isAppPage(pathname)).toBe(routerShowsAPage(pathname));
  });

  test('every real page and deep link is one; a mistyped address is not', () => {
    for (const page of ['/', '/rumination/3', '/user/7', '/user/', '/reset-password', '/trash']) {
      expect(isAppPage(page), page).toBe(true);
    }
    for (const path of ['/no-such-page', '/rumination/abc', '/ruminations/3', '/trash/old']) {
      expect(isAppPage(path), path).toBe(false);
    }
  });
});
