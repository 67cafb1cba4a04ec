/**
 * The web app's pages as addresses, for the server that serves it: a path that is one of them gets
 * the app with 200, any other the app with 404 (the app then shows its "Page not found"). The list
 * is the route tree's (src/routeTree.gen.ts), written again here because the server may not import
 * the SPA's routes; tests/component/routes/app-pages.test.ts checks the two against each other, and
 * this matching against the router's own.
 */

/**
 * Every page's path as the route tree names it (its `fullPath`). A `$name` segment is an id: the
 * pages that take one show "Page not found" for anything else (`parseId`).
 */
export const APP_PAGES = [
  '/',
  '/activate',
  '/forgot-password',
  '/login',
  '/public',
  '/reset-password',
  '/terms-of-service',
  '/unsubscribe',
  '/notifications',
  '/settings',
  '/terms-acceptance',
  '/my-feed',
  '/my-ruminations',
  '/calendar',
  '/people',
  '/trash',
  '/rumination/$ruminationId',
  '/user/$userId',
  '/user/',
] as const;

/** Largest id the API accepts (src/api/common.ts MAX_ID), without loading zod for one number. */
const MAX_ID = 2 ** 31 - 1;

/** The id in an address (a profile, a rumination), or null when it is not a positive integer. */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * A path's segments as the router reads them: empty ones (a doubled or trailing slash) do not
 * count, and letters match in either case (TanStack Router's defaults).
 */
function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const PAGE_SEGMENTS = APP_PAGES.map(segmentsOf);

/** One segment of a request against one of a page's: a word as written, or an id for `$name`. */
function segmentMatches(pattern: string, segment: string): boolean {
  if (!pattern.startsWith('$')) return pattern.toLowerCase() === segment.toLowerCase();
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return parseId(decoded) !== null;
}

/** Whether a request's path (without its query) is one of the app's pages. */
export function isAppPage(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return PAGE_SEGMENTS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => segmentMatches(part, segments[i] ?? '')),
  );
}
