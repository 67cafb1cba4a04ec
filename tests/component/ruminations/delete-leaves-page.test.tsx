import { within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { dismissToast, showToast } from '../../../src/lib/toasts';
import { networkDown, networkUp } from '../../support/network';
import { renderApp } from '../../support/render-app';
import { warmUpLazyModules } from './warm-up';

warmUpLazyModules();
beforeAll(async () => {
  await import('../../../src/features/ruminations/my-ruminations-page');
}, 60_000);
afterEach(() => {
  networkUp();
  // Notices live in a module's store and outlive a test: each test starts with none (ids count up).
  const newest = showToast({ message: '' });
  for (let id = 1; id <= newest; id++) dismissToast(id);
});

const stored = (id: number) => getDb().ruminations.find((r) => r.id === id);

/** Alice on her note's own page. */
async function onHerNotesPage(content: string) {
  const { user: alice, token } = createUser({ username: 'alice' });
  const note = createRumination({ authorId: alice.id, content });
  const app = await renderApp(`/rumination/${note.id}`, { token });
  const card = await app.findByRole('article');
  expect(await within(card).findByRole('region', { name: 'Comments' })).toBeInTheDocument();
  return { app, note, card };
}

async function deleteFrom(app: Awaited<ReturnType<typeof renderApp>>, card: HTMLElement) {
  await app.user.click(within(card).getByRole('button', { name: 'Delete rumination' }));
  await app.user.click(
    within(await app.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
  );
}

/**
 * A note deleted on its own page leaves it, for My Ruminations, with the notice and Undo a list
 * gives (issue 39: it stayed, editable, with a live comment box).
 */
describe('deleting a note on its own page', () => {
  test('leaves for My Ruminations, with "Moved to the trash" and Undo', async () => {
    const { app, note } = await onHerNotesPage('Said too much');
    await deleteFrom(app, app.getByRole('article'));

    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-ruminations'));
    expect(await app.findByText('Moved to the trash')).toBeInTheDocument();
    expect(await app.findByRole('heading', { level: 1, name: 'My Ruminations' })).toBeVisible();
    await vi.waitFor(() => expect(app.queryByText('Said too much')).not.toBeInTheDocument());
    expect(app.queryByRole('region', { name: 'Comments' })).not.toBeInTheDocument();
    expect(stored(note.id)?.deletedTMS).toBeDefined();
    // Back does not lead to the note that is gone: its page was replaced in the history.
    expect(app.router.history.length).toBe(1);
  });

  test('Undo puts it back and returns to its page', async () => {
    const { app, note } = await onHerNotesPage('Not so fast');
    await deleteFrom(app, app.getByRole('article'));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-ruminations'));

    await app.user.click(await app.findByRole('button', { name: 'Undo' }));
    await vi.waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/rumination/${note.id}`),
    );
    expect(
      await app.findByRole('heading', { level: 1, name: 'Rumination by alice' }),
    ).toBeInTheDocument();
    expect(within(app.getByRole('article')).getByText('Not so fast')).toBeInTheDocument();
    expect(stored(note.id)?.deletedTMS).toBeUndefined();
  });

  test('made offline, it leaves once the delete has gone through', async () => {
    const { app, note, card } = await onHerNotesPage('Written on a train');
    networkDown();
    await deleteFrom(app, card);
    // Nothing has reached the server: the note and its page stay meanwhile, and the dialog says so.
    expect(await within(app.getByRole('alertdialog')).findByRole('status')).toHaveTextContent(
      'You are offline. It will be moved to the trash once you are back online.',
    );
    expect(app.router.state.location.pathname).toBe(`/rumination/${note.id}`);
    expect(stored(note.id)?.deletedTMS).toBeUndefined();

    networkUp();
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-ruminations'));
    expect(await app.findByText('Moved to the trash')).toBeInTheDocument();
    expect(stored(note.id)?.deletedTMS).toBeDefined();
    await app.user.click(await app.findByRole('button', { name: 'Undo' }));
    await vi.waitFor(() => expect(stored(note.id)?.deletedTMS).toBeUndefined());
  });

  test('deleted from a list, the list stays where it is', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'From the list' });
    const app = await renderApp('/my-ruminations', { token });
    const card = (await app.findByText('From the list')).closest('article')!;
    await deleteFrom(app, card);
    expect(await app.findByText('Moved to the trash')).toBeInTheDocument();
    await vi.waitFor(() => expect(app.queryByText('From the list')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe('/my-ruminations');
    await app.user.click(await app.findByRole('button', { name: 'Undo' }));
    expect(await app.findByText('From the list')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/my-ruminations');
  });
});
