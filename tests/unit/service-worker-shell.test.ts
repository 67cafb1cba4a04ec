import { describe, expect, it } from 'vitest';
import { shellAnswer } from '../../src/service-worker/shell-answer';

const shell = () =>
  new Response('<!doctype html><title>Ruminations</title>', {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });

/** The worker's answer to a navigation says what the server says: 404 for none of the app's pages. */
describe('the service worker’s app shell', () => {
  it('answers one of the app’s pages as it is', async () => {
    for (const path of ['/public', '/my-ruminations', '/rumination/12', '/user/3', '/trash']) {
      const answer = shellAnswer(shell(), path);
      expect(answer.status, path).toBe(200);
    }
  });

  it('answers any other address with the same app and 404', async () => {
    for (const path of ['/no/such/page', '/ruminations/no-such-page', '/rumination/abc']) {
      const answer = shellAnswer(shell(), path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(await answer.text()).toContain('<title>Ruminations</title>');
    }
  });
});
