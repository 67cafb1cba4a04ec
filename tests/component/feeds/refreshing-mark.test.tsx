import type { InfiniteData } from '@tanstack/react-query';
import { http } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import type { Rumination } from '../../../src/api/rumination-schemas';
import { ruminationKeys } from '../../../src/lib/query-keys';
import { networkDown, networkUp } from '../../support/network';
import { renderApp } from '../../support/render-app';
import { relate } from '../../support/store-people';

/**
 * A returning visitor's feed: the copy saved by their last visit shows at once, marked
 * "Refreshing…" while this visit's is on its way (features/offline restores the copy before the
 * first screen: hydrated, then invalidated without a refetch, which is what `returnVisit` does).
 */

type Feed = InfiniteData<Rumination[], unknown>;

/** The feed's answers wait until `release()`; the mock backend answers them then. */
function holdFeedAnswers() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('*/api/ruminations/feed', async () => {
      await gate;
      return undefined;
    }),
  );
  return { release: () => release() };
}

/** Someone whose feed held "Saved on my last visit" when they left it (then at /public). */
async function visitorWithSavedFeed() {
  const me = createUser({ username: 'meg' });
  const friend = createUser({ username: 'fran' });
  relate(friend, me, 2);
  createRumination({
    authorId: friend.user.id,
    content: 'Saved on my last visit',
    audiences: [2],
  });
  const app = await renderApp('/my-feed', { token: me.token });
  expect(await app.findByText('Saved on my last visit')).toBeInTheDocument();
  await app.router.navigate({ to: '/public' });
  expect(await app.findByRole('heading', { name: 'Public Ruminations' })).toBeInTheDocument();
  // Meanwhile, fran writes again.
  createRumination({ authorId: friend.user.id, content: 'Written since', audiences: [2] });

  /** The cache as a reload finds it: the saved copy, fetched before this page was loaded. */
  const returnVisit = async () => {
    const key = ruminationKeys.feed({});
    const saved = app.queryClient.getQueryData<Feed>(key)!;
    app.queryClient.setQueryData(key, saved, { updatedAt: performance.timeOrigin - 60_000 });
    await app.queryClient.invalidateQueries({ refetchType: 'none' });
    await app.router.navigate({ to: '/my-feed' });
  };
  return { app, returnVisit };
}

describe('a returning visitor’s feed', () => {
  test('shows the saved copy at once, marked as refreshing until this visit’s arrives', async () => {
    const { app, returnVisit } = await visitorWithSavedFeed();
    const held = holdFeedAnswers();
    await returnVisit();

    expect(await app.findByText('Saved on my last visit')).toBeInTheDocument();
    expect(app.getByRole('status')).toHaveTextContent('Refreshing…');
    expect(app.queryByText('Written since')).not.toBeInTheDocument();

    held.release();
    expect(await app.findByText('Written since')).toBeInTheDocument();
    expect(app.queryByRole('status')).not.toBeInTheDocument();
  });

  test('offline, only the offline line says it is a saved copy', async () => {
    const { app, returnVisit } = await visitorWithSavedFeed();
    networkDown();
    await returnVisit();

    expect(await app.findByText('Saved on my last visit')).toBeInTheDocument();
    expect(app.getByRole('status')).toHaveTextContent('Offline: showing saved copies');
    expect(app.queryByText('Refreshing…')).not.toBeInTheDocument();

    // The network back: the feed refreshes and the lines go.
    networkUp();
    expect(await app.findByText('Written since')).toBeInTheDocument();
    expect(app.queryByRole('status')).not.toBeInTheDocument();
  });

  test('a refresh of what this visit fetched is not marked', async () => {
    const { app } = await visitorWithSavedFeed();
    await app.router.navigate({ to: '/my-feed' });
    await app.queryClient.invalidateQueries({ queryKey: ruminationKeys.feed({}) });
    expect(await app.findByText('Written since')).toBeInTheDocument();

    const held = holdFeedAnswers();
    void app.queryClient.invalidateQueries({ queryKey: ruminationKeys.feed({}) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.queryClient.isFetching({ queryKey: ruminationKeys.feed({}) })).toBe(1);
    expect(app.queryByText('Refreshing…')).not.toBeInTheDocument();
    held.release();
  });
});
