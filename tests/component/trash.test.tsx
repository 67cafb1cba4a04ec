import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { TRASH_RETENTION_SECONDS_DEFAULT } from '../../src/api/limits';
import { server } from '../../mocks/node';
import { createRumination, createUser } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { deleteRumination } from '../../src/features/ruminations/rumination-write-api';
import { renderApp } from '../support/render-app';
import { warmUpLazyModules } from './ruminations/warm-up';

warmUpLazyModules();
beforeAll(async () => {
  await import('../../src/features/trash/trash-page');
}, 60_000);

const trashPages: (string | null)[] = [];
const listener = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname === '/api/ruminations/trash') {
    trashPages.push(url.searchParams.get('BeforeId'));
  }
};
beforeAll(() => server.events.on('request:start', listener));
afterAll(() => server.events.removeListener('request:start', listener));
beforeEach(() => {
  trashPages.length = 0;
});

const stored = (id: number) => getDb().ruminations.find((r) => r.id === id);

/** Alice signed in on /my-ruminations with `contents` written, then those in `trashed` deleted. */
async function alicesNotes(contents: string[], trashed: string[]) {
  const { user: alice, token } = createUser({ username: 'alice' });
  const notes = contents.map((content) => createRumination({ authorId: alice.id, content }));
  const app = await renderApp('/my-ruminations', { token });
  for (const note of notes.filter((n) => trashed.includes(n.content))) {
    await deleteRumination(note.id);
  }
  await app.queryClient.invalidateQueries();
  return { app, notes };
}

async function openTrash(app: Awaited<ReturnType<typeof renderApp>>) {
  await app.user.click(await app.findByRole('link', { name: 'Trash' }));
  expect(await app.findByRole('heading', { name: 'Trash', level: 1 })).toBeInTheDocument();
}

describe('the trash', () => {
  test('a deleted note says "Moved to the trash"; /trash shows when, and when it goes for good; Restore', async () => {
    const { app, notes } = await alicesNotes(['Keep me', 'Regret this'], []);
    const card = (await app.findByText('Regret this')).closest('article')!;
    await app.user.click(within(card).getByRole('button', { name: 'Delete rumination' }));
    await app.user.click(
      within(await app.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await app.findByText('Moved to the trash')).toBeInTheDocument();
    await vi.waitFor(() => expect(app.queryByText('Regret this')).not.toBeInTheDocument());

    await openTrash(app);
    const list = within(await app.findByRole('list', { name: 'Deleted notes' }));
    const [item] = list.getAllByRole('listitem');
    expect(item).toHaveTextContent('Regret this');
    const deletedTMS = stored(notes[1]!.id)?.deletedTMS;
    expect(
      within(item!)
        .getByText(/^Deleted/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', deletedTMS);
    const erasedOn = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(
      new Date(Date.parse(deletedTMS!) + TRASH_RETENTION_SECONDS_DEFAULT * 1000),
    );
    expect(item).toHaveTextContent(`Erased for good on ${erasedOn}`);
    expect(list.queryByText('Keep me')).not.toBeInTheDocument();

    await app.user.click(within(item!).getByRole('button', { name: 'Restore' }));
    expect(await app.findByText('The trash is empty.')).toBeInTheDocument();
    expect(stored(notes[1]!.id)?.deletedTMS).toBeUndefined();
    await app.user.click(app.getByRole('link', { name: 'My Ruminations' }));
    expect(await app.findByText('Regret this')).toBeInTheDocument();
  });

  test('Delete for good asks first, then erases the note', async () => {
    const { app, notes } = await alicesNotes(
      ['Gone soon', 'Also trashed'],
      ['Gone soon', 'Also trashed'],
    );
    await openTrash(app);
    const item = (await app.findByText('Gone soon')).closest('li')!;
    await app.user.click(within(item).getByRole('button', { name: 'Delete for good' }));
    const ask = within(await app.findByRole('alertdialog', { name: 'Delete for good?' }));
    await app.user.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(stored(notes[0]!.id)).toBeDefined();

    await app.user.click(within(item).getByRole('button', { name: 'Delete for good' }));
    await app.user.click(
      within(await app.findByRole('alertdialog', { name: 'Delete for good?' })).getByRole(
        'button',
        { name: 'Delete for good' },
      ),
    );
    await vi.waitFor(() => expect(app.queryByText('Gone soon')).not.toBeInTheDocument());
    expect(stored(notes[0]!.id)).toBeUndefined();
    expect(app.getByText('Also trashed')).toBeInTheDocument();
  });

  test('Empty trash asks first, then erases everything in it and only that', async () => {
    const { app, notes } = await alicesNotes(['Stays', 'One', 'Two'], ['One', 'Two']);
    await openTrash(app);
    await app.findByText('One');
    await app.user.click(app.getByRole('button', { name: 'Empty trash' }));
    const ask = within(await app.findByRole('alertdialog', { name: 'Empty the trash?' }));
    await app.user.click(ask.getByRole('button', { name: 'Empty trash' }));
    expect(await app.findByText('The trash is empty.')).toBeInTheDocument();
    expect(notes.map((n) => stored(n.id)?.content)).toEqual(['Stays', undefined, undefined]);
  });

  test('Undo in the notice puts the note back', async () => {
    const { app, notes } = await alicesNotes(['Oops'], []);
    const card = (await app.findByText('Oops')).closest('article')!;
    await app.user.click(within(card).getByRole('button', { name: 'Delete rumination' }));
    await app.user.click(
      within(await app.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() => expect(app.queryByText('Oops')).not.toBeInTheDocument());
    // The newest notice's (an earlier test's may still be showing).
    const undo = (await app.findAllByRole('button', { name: 'Undo' })).at(-1)!;
    await app.user.click(undo);
    expect(await app.findByText('Oops')).toBeInTheDocument();
    expect(stored(notes[0]!.id)?.deletedTMS).toBeUndefined();
  });

  test('pages with BeforeId: "Load more" until a short page', async () => {
    const contents = Array.from({ length: 23 }, (_, i) => `Trashed ${i + 1}`);
    const { app } = await alicesNotes(contents, contents);
    await openTrash(app);
    const list = await app.findByRole('list', { name: 'Deleted notes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await app.user.click(app.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));
    expect(app.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(trashPages).toHaveLength(2);
    expect(trashPages[0]).toBeNull();
    expect(trashPages[1]).toMatch(/^\d+$/);
  });

  test('an empty trash says so', async () => {
    const { app } = await alicesNotes([], []);
    await openTrash(app);
    expect(await app.findByText('The trash is empty.')).toBeInTheDocument();
    expect(app.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument();
  });
});
