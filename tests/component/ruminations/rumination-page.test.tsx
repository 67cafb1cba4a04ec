import { describe, expect, test } from 'vitest';
import { within } from '@testing-library/react';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { warmUpLazyModules } from './warm-up';
import { relate } from '../../support/store-people';

warmUpLazyModules();

const FRIEND = 2;

/** /rumination/{id}: where a shared link leads; hidden and missing look the same. */
describe('a rumination on its own page', () => {
  function aliceWithFriendNote() {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    const carol = createUser({ username: 'carol' });
    relate(bob, alice, FRIEND);
    const note = createRumination({
      authorId: alice.user.id,
      content: 'Only for my friends',
      audiences: [FRIEND],
    });
    return { alice, bob, carol, note };
  }

  test('opens for a reader it is shared with, with its comment box', async () => {
    const { bob, note } = aliceWithFriendNote();
    const app = await renderApp(`/rumination/${note.id}`, { token: bob.token });
    expect(
      await app.findByRole('heading', { level: 1, name: 'Rumination by alice' }),
    ).toBeInTheDocument();
    const card = app.getByRole('article');
    expect(within(card).getByText('Only for my friends')).toBeInTheDocument();
    expect(await within(card).findByRole('region', { name: 'Comments' })).toBeInTheDocument();
  });

  test('shows the same not-found screen to a stranger, a visitor, and for a missing id', async () => {
    const { carol, note } = aliceWithFriendNote();
    for (const [path, token] of [
      [`/rumination/${note.id}`, carol.token],
      [`/rumination/${note.id}`, undefined],
      ['/rumination/999999', carol.token],
    ] as const) {
      const app = await renderApp(path, token === undefined ? {} : { token });
      expect(
        await app.findByRole('heading', { level: 1, name: 'Rumination not found' }),
      ).toBeInTheDocument();
      expect(app.queryByText('Only for my friends')).not.toBeInTheDocument();
      app.unmount();
    }
  });

  test("a card's time links to the rumination's own page", async () => {
    const alice = createUser({ username: 'alice' });
    const note = createRumination({ authorId: alice.user.id, content: 'A public thought' });
    const app = await renderApp('/public');
    const card = (await app.findByText('A public thought')).closest('article');
    const link = within(card!).getByRole('link', { name: /\d/ });
    expect(link).toHaveAttribute('href', `/rumination/${note.id}`);
    await app.user.click(link);
    expect(
      await app.findByRole('heading', { level: 1, name: 'Rumination by alice' }),
    ).toBeInTheDocument();
  });

  test('a card names its author by display name, with the @username beside it', async () => {
    const maya = createUser({ username: 'maya', displayName: 'Maya Lindqvist' });
    createRumination({ authorId: maya.user.id, content: 'A public thought' });
    const app = await renderApp('/public');
    const card = (await app.findByText('A public thought')).closest('article')!;
    expect(card).toHaveAccessibleName('Maya Lindqvist @maya');
    const author = within(card).getByRole('link', { name: 'Maya Lindqvist @maya' });
    expect(author).toHaveAttribute('href', `/user/${maya.user.id}`);
  });
});
