/**
 * Answers to requests that index.html started before the app's code arrived
 * (src/boot/first-page-request.js): the first page of /public, requested while the entry downloads.
 * The API client takes one here instead of asking again, only for the same URL with the same
 * Authorization, once, and only early in the page's life: later the list may have changed, and a
 * fresh request is right.
 */
interface EarlyRequest {
  url: string;
  authorization: string | null;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyRequests?: EarlyRequest[];
  }
}

/** After this long since the page opened, an answer not taken is no longer the one to show. */
const EARLY_ANSWER_MAX_AGE_MS = 15_000;

/** The early answer for `request` (taken: a second call gets none), or undefined. */
export function takeEarlyResponse(request: Request): Promise<Response> | undefined {
  const pending = typeof window === 'undefined' ? undefined : window.__earlyRequests;
  if (pending === undefined || pending.length === 0 || request.method !== 'GET') return undefined;
  if (performance.now() > EARLY_ANSWER_MAX_AGE_MS) {
    pending.length = 0;
    return undefined;
  }
  const authorization = request.headers.get('Authorization');
  const index = pending.findIndex(
    (early) => early.url === request.url && early.authorization === authorization,
  );
  if (index === -1) return undefined;
  return pending.splice(index, 1)[0]!.response;
}
