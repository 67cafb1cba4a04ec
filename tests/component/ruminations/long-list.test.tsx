import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { relate } from '../../support/store-people';

/**
 * happy-dom lays nothing out: every element is 0 px tall, so every card would be "in view". Cards
 * (the list's items) are given a phone's card height, and the window a phone's height, as the
 * virtualizer reads them; nothing else depends on sizes here.
 */
const CARD_HEIGHT = 300;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
const getBoundingClientRect = Element.prototype.getBoundingClientRect;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'LI' ? CARD_HEIGHT : 0;
    },
  });
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const rect = getBoundingClientRect.call(this);
    return this.tagName === 'LI' ? new DOMRect(rect.x, rect.y, rect.width, CARD_HEIGHT) : rect;
  };
});
afterAll(() => {
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  Element.prototype.getBoundingClientRect = getBoundingClientRect;
});

/** Opens My Feed holding `count` notes of a friend, with every page loaded. */
async function feedOf(count: number) {
  const me = createUser({ username: 'meg' });
  const friend = createUser({ username: 'fran' });
  relate(friend, me, 2);
  for (let n = 1; n <= count; n++) {
    createRumination({ authorId: friend.user.id, content: `Note number ${n}`, audiences: [2] });
  }
  const app = await renderApp('/my-feed', { token: me.token });
  const list = await app.findByRole('list', { name: 'Feed' });
  // The button by its text, not its role: a role query works out whether each button of the page
  // is hidden, and over a hundred cards, asked after every page and at every poll, that was most of
  // this file's time.
  const moreButton = (text: string | RegExp) => app.queryByText(text, { selector: 'button' });
  for (;;) {
    const more = moreButton(/^(Load more|Loading more\.\.\.)$/);
    if (more === null) break;
    if (more.textContent === 'Load more' && !more.hasAttribute('disabled')) {
      await app.user.click(more);
    }
    await waitFor(() => expect(moreButton('Loading more...')).not.toBeInTheDocument());
  }
  return { app, list: () => app.getByRole('list', { name: 'Feed' }), first: list };
}

describe('a long feed', () => {
  test('at 100 cards every card is in the page, as a plain list', async () => {
    const { app, list } = await feedOf(100);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(100);
    expect(app.getByText('Note number 1')).toBeInTheDocument();
    expect(app.getByText('Note number 100')).toBeInTheDocument();
  }, 60_000);

  test('at 200 cards only those near the viewport are, and the list still says its size', async () => {
    const { app, list } = await feedOf(200);
    // The newest first: the top of the feed is what the reader sees.
    await waitFor(() => {
      const items = within(list()).getAllByRole('listitem');
      expect(items.length).toBeLessThan(40);
    });
    const items = within(list()).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(1);
    expect(app.getByText('Note number 200')).toBeInTheDocument();
    expect(app.queryByText('Note number 1')).not.toBeInTheDocument();
    expect(items[0]).toHaveAttribute('aria-setsize', '200');
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[1]).toHaveAttribute('aria-posinset', '2');
    expect(app.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  }, 60_000);
});
