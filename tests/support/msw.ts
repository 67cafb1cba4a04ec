import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetMockBackend, server } from '../../mocks/node';

/** The mock backend answers every /api call of the client tests; anything else is a test bug. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await resetMockBackend();
});
afterAll(() => server.close());
