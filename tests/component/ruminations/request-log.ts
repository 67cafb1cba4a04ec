import { afterAll, beforeEach } from 'vitest';
import { server } from '../../../mocks/node';

export interface LoggedRequest {
  method: string;
  url: URL;
  /** The JSON body, if any. */
  body: unknown;
}

/**
 * Records every request the app sends to the mock backend, so a test can assert what was asked
 * (query parameters, payloads) as well as what the user sees. Call it once at the top of a test
 * file; the log starts empty in every test.
 */
export function logRequests() {
  const requests: LoggedRequest[] = [];
  const pending: Promise<void>[] = [];
  const listener = ({ request }: { request: Request }) => {
    const entry: LoggedRequest = { method: request.method, url: new URL(request.url), body: null };
    requests.push(entry);
    pending.push(
      request
        .clone()
        .text()
        .then((text) => {
          entry.body = text === '' ? null : (JSON.parse(text) as unknown);
        })
        .catch(() => undefined),
    );
  };
  server.events.on('request:start', listener);
  beforeEach(() => {
    requests.length = 0;
    pending.length = 0;
  });
  afterAll(() => {
    server.events.removeListener('request:start', listener);
  });

  return {
    requests,
    /** Requests to `path` (e.g. '/api/ruminations/my'), optionally of one method. */
    to(path: string, method?: string): LoggedRequest[] {
      return requests.filter(
        (r) => r.url.pathname === path && (method === undefined || r.method === method),
      );
    },
    /** Waits until every body read so far is parsed. */
    async settled(): Promise<void> {
      await Promise.all(pending);
    },
    clear(): void {
      requests.length = 0;
    },
  };
}

/** A promise with its resolve function, to hold a mocked response until the test lets it go. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
