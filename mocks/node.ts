import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/**
 * The mock backend for tests (msw/node). Tests call `server.listen()` (the shared client setup
 * may already have), `resetMockBackend(seed?)` before each test, and arrange data with the
 * helpers of `./store/factories.ts`.
 *
 * `listen` and `close` are made idempotent: msw throws when a server is enabled twice, and both
 * the shared test setup and a test file may want to make sure the backend is up.
 */
export const server = setupServer(...handlers);

let listening = false;
const listen = server.listen.bind(server);
const close = server.close.bind(server);

server.listen = (options) => {
  if (listening) return;
  listen(options);
  listening = true;
};

server.close = () => {
  if (!listening) return;
  close();
  listening = false;
};

export function isMockServerListening(): boolean {
  return listening;
}

export { resetMockBackend } from './store/db';
