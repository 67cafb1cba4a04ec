import { afterEach, beforeAll } from 'vitest';
import { resetMockBackend, server } from '../../mocks/node';

/**
 * The mock backend answers every /api call of the client tests; anything else is a test bug.
 * A setup file of its own in each project (never imported by another setup file): vitest runs
 * setup files again for every test file, but a module they import only once per worker, and the
 * projects share a worker's modules across files (isolate: false), so hooks registered here must
 * be registered for each file. The server is never closed: msw, once closed, does not intercept
 * fetch again in the same worker, and the worker's end takes it down.
 */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await resetMockBackend();
});
