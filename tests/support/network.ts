import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';

/**
 * The network going away and coming back, as a browser has it: no call gets an answer (the app
 * notices that by itself, src/lib/connectivity.ts) and the `offline` / `online` events fire.
 */
let down = false;

export function networkDown(): void {
  down = true;
  // First among the handlers; when the network is up it lets the others answer.
  server.use(http.all('*', () => (down ? HttpResponse.error() : undefined)));
  onlineManager.setOnline(false);
}

export function networkUp(): void {
  down = false;
  onlineManager.setOnline(true);
}
