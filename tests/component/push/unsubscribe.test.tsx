import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { waitFor } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';

const log = logRequests();

const DONE = 'You will no longer get email digests. You can turn them on again in Settings.';
const INVALID = 'This link is not valid. You can turn digests off in Settings.';

/** The server's answer to a good link, and what it was sent. */
function acceptUnsubscribe() {
  const seen: { token: string | null; authorization: string | null }[] = [];
  server.use(
    http.post('*/api/email/unsubscribe', ({ request }) => {
      seen.push({
        token: new URL(request.url).searchParams.get('token'),
        authorization: request.headers.get('Authorization'),
      });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

describe('/unsubscribe', () => {
  test('signed out: "Stop email digests" POSTs the link\'s token and says digests stopped', async () => {
    const seen = acceptUnsubscribe();
    const app = await renderApp('/unsubscribe?token=abc.def-123');
    expect(app.getByRole('heading', { level: 1, name: 'Email digests' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Email digests · Ruminations'));
    // Nothing happens before the click (mail scanners open links).
    expect(seen).toEqual([]);

    await app.user.click(app.getByRole('button', { name: 'Stop email digests' }));

    expect(await app.findByRole('status')).toHaveTextContent(DONE);
    expect(seen).toEqual([{ token: 'abc.def-123', authorization: null }]);
  });

  test("signed in: the session's token does not go with it", async () => {
    const seen = acceptUnsubscribe();
    const { token } = createUser({ username: 'maya' });
    const app = await renderApp('/unsubscribe?token=link-token', { token });
    await app.user.click(app.getByRole('button', { name: 'Stop email digests' }));
    expect(await app.findByText(DONE)).toBeInTheDocument();
    expect(seen).toEqual([{ token: 'link-token', authorization: null }]);
  });

  test('a link the server refuses (400) says it is not valid', async () => {
    // The mock backend signs no links: every token is refused.
    const app = await renderApp('/unsubscribe?token=forged');
    await app.user.click(app.getByRole('button', { name: 'Stop email digests' }));
    expect(await app.findByRole('alert')).toHaveTextContent(INVALID);
    expect(app.queryByRole('button', { name: 'Stop email digests' })).not.toBeInTheDocument();
  });

  test('no token in the address: the same sentence, and nothing is sent', async () => {
    const app = await renderApp('/unsubscribe');
    expect(app.getByRole('alert')).toHaveTextContent(INVALID);
    expect(app.queryByRole('button', { name: 'Stop email digests' })).not.toBeInTheDocument();
    expect(log.to('/api/email/unsubscribe')).toHaveLength(0);
  });

  test('a server that does not answer says so and lets the person try again', async () => {
    server.use(http.post('*/api/email/unsubscribe', () => HttpResponse.error()));
    const app = await renderApp('/unsubscribe?token=abc');
    await app.user.click(app.getByRole('button', { name: 'Stop email digests' }));
    expect(await app.findByRole('alert')).toHaveTextContent('Failed to stop email digests');
    expect(app.getByRole('button', { name: 'Stop email digests' })).toBeEnabled();
  });
});
