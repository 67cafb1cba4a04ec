import { http, HttpResponse } from 'msw';
import { within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { WRITTEN_TIME_OUT_OF_RANGE } from '../../../src/domain/written-time';
import { networkDown, networkUp } from '../../support/network';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';
import { warmUpLazyModules } from '../ruminations/warm-up';

const log = logRequests();
warmUpLazyModules();

afterEach(() => {
  networkUp();
  vi.useRealTimers();
});

function arrange() {
  const alice = createUser({ username: 'alice' });
  const rumination = createRumination({ authorId: alice.user.id, content: 'Talk to me' });
  return { alice, rumination };
}

describe('the time a comment was written', () => {
  test('a comment written offline keeps the time it was written when it is sent later', async () => {
    const { alice, rumination } = arrange();
    const app = await renderApp(`/rumination/${rumination.id}`, { token: alice.token });
    const box = await app.findByRole('textbox', { name: 'Add a comment' });
    networkDown();

    // Only the clock is faked: the app's own timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    const written = new Date('2026-11-20T08:30:00.000Z');
    vi.setSystemTime(written);
    await app.user.type(box, 'Written on the train{Enter}');
    const pending = await app.findByRole('region', { name: 'Not yet sent' });
    expect(pending).toHaveTextContent('Written on the train');

    // It reaches the server an hour later.
    vi.setSystemTime(new Date(written.getTime() + 60 * 60_000));
    networkUp();
    await vi.waitFor(() =>
      expect(app.queryByRole('region', { name: 'Not yet sent' })).not.toBeInTheDocument(),
    );
    await log.settled();
    const sent = log.to('/api/comments', 'POST').filter((r) => r.body !== null);
    expect(sent.at(-1)?.body).toMatchObject({ writtenTMS: written.toISOString() });
    const stored = getDb().comments.find((c) => c.content === 'Written on the train');
    expect(stored?.createTMS).toBe(written.toISOString());
  });

  test('a time the server refuses is dropped: the comment is sent once more without it', async () => {
    const { alice, rumination } = arrange();
    let refused = 0;
    server.use(
      http.post('*/api/comments', async ({ request }) => {
        const body = (await request.clone().json()) as { writtenTMS?: string };
        if (body.writtenTMS === undefined) return undefined;
        refused += 1;
        return HttpResponse.json(
          {
            type: 'about:blank',
            title: WRITTEN_TIME_OUT_OF_RANGE,
            status: 400,
            errors: { writtenTMS: [WRITTEN_TIME_OUT_OF_RANGE] },
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }),
    );
    const app = await renderApp(`/rumination/${rumination.id}`, { token: alice.token });
    const box = await app.findByRole('textbox', { name: 'Add a comment' });
    await app.user.type(box, 'My clock is wrong{Enter}');

    const thread = await app.findByText('My clock is wrong', { selector: 'p, div' });
    expect(within(thread.closest('li')!).getByRole('link', { name: 'alice' })).toBeVisible();
    await log.settled();
    const bodies = log.to('/api/comments', 'POST').map((r) => r.body as Record<string, unknown>);
    expect(refused).toBe(1);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toHaveProperty('writtenTMS');
    expect(bodies[1]).not.toHaveProperty('writtenTMS');
    expect(getDb().comments.filter((c) => c.content === 'My clock is wrong')).toHaveLength(1);
  });
});
