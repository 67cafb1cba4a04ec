import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetMockBackend, server } from '../../mocks/node';

/**
 * Makes sure the msw server listens (tests/support/msw.ts already starts it for every client test
 * file; `listen` is idempotent) and gives every test a fresh, empty store. `api()` calls the mock
 * backend over fetch like the SPA does.
 */
export function setupMockBackend(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    resetMockBackend();
  });
  afterAll(() => server.close());
}

/** Response bodies are read loosely in tests; their shape is what the assertions check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const ORIGIN = 'http://localhost:3000';

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** A raw body, sent as is (for malformed and empty bodies). */
  rawBody?: string;
  /** More request headers (`If-Match`, `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export async function api(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['Content-Type'] = 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${ORIGIN}${path}`, { method, headers, body });
  const text = await response.text();
  const json: Json = text === '' ? undefined : JSON.parse(text);
  return {
    status: response.status,
    contentType: response.headers.get('Content-Type'),
    headers: response.headers,
    json,
  };
}
