import { expect, signInAs, test } from './support/fixtures';
import { createRuminationViaApi, relateViaApi } from './support/ui';

const NOTES = 200;

test('a feed of 200 cards keeps only those near the viewport in the page, and scrolls to its end', async ({
  page,
  request,
  createUsers,
}) => {
  test.setTimeout(120_000);
  const [writer, reader] = await createUsers('writer', 'reader');
  await relateViaApi(request, writer, reader, 'Friend');
  for (let n = 1; n <= NOTES; n++) {
    const content = `## Note ${n} of the long feed\n\nA walk by *the river*, and [a link](https://example.com/${n}).`;
    await createRuminationViaApi(request, writer, content, { audiences: ['Friend'] });
  }

  await signInAs(page, reader, '/my-feed');
  const feed = page.getByRole('list', { name: 'Feed' });
  await expect(feed.getByText(`Note ${NOTES} of the long feed`, { exact: true })).toBeVisible();
  // Five pages, a hundred cards: still the plain list, every card in the page.
  const more = page.getByRole('button', { name: 'Load more' });
  const cards = feed.locator(':scope > li');
  for (let pages = 1; pages < 5; pages++) {
    await more.click();
    await expect(cards).toHaveCount(pages * 20 + 20);
  }
  // The sixth page makes it long: the windowed list takes over from the heights the plain one
  // had, so the card the reader was looking at stays where it was on the screen.
  await more.scrollIntoViewIfNeeded();
  const lastPlain = feed.locator(':scope > li', { hasText: 'Note 101 of the long feed' });
  const before = (await lastPlain.boundingBox())!.y;
  await more.click();
  await expect(cards.first()).toHaveAttribute('aria-setsize', '120');
  // Within a pixel or two: the virtualizer rounds the heights it measures again.
  await expect
    .poll(async () => Math.abs(((await lastPlain.boundingBox())?.y ?? Infinity) - before))
    .toBeLessThan(2);
  // The rest, a page at a time: each click waits for its page to be in the list. (Asking whether
  // the button is there right after a click can catch it saying "Loading more...", and stop early.)
  for (let size = 140; size <= NOTES; size += 20) {
    await more.click();
    await expect(cards.first()).toHaveAttribute('aria-setsize', String(size));
  }
  // A full last page leaves one more to ask for; it comes back empty and the button goes.
  await more.click();
  await expect(more).toHaveCount(0);

  // Every card is in the list as far as a screen reader is told, far fewer are in the page.
  await expect(cards.first()).toHaveAttribute('aria-setsize', String(NOTES));
  expect(await cards.count()).toBeLessThan(NOTES / 4);

  // To the end of the page: the oldest note is there, in view, and "Load more" is gone.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const oldest = feed.getByText('Note 1 of the long feed', { exact: true });
  await expect(oldest).toBeInViewport();
  await expect(cards.last()).toHaveAttribute('aria-posinset', String(NOTES));
  expect(await cards.count()).toBeLessThan(NOTES / 4);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Back to the top: the newest is rendered again where it was, and the end is not in the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(feed.getByText(`Note ${NOTES} of the long feed`, { exact: true })).toBeInViewport();
  await expect(oldest).toHaveCount(0);

  // A card holding focus stays in the page when scrolled far away, so focus is not dropped.
  const commentButton = feed.getByRole('button', { name: 'Add a comment' }).first();
  await commentButton.focus();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(oldest).toBeInViewport();
  await expect(commentButton).toBeFocused();
});
