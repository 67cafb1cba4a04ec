import { within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../mocks/node';
import { createRumination, createUser } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { updateRumination } from '../../src/features/ruminations/rumination-write-api';
import { networkDown, networkUp } from '../support/network';
import { renderApp } from '../support/render-app';
import { warmUpLazyModules } from './ruminations/warm-up';
import { registerConflictViews } from '../../src/app/offline-writes';

warmUpLazyModules();
// As at sign-in (main.tsx starts the offline session, which registers every feature's writes).
beforeAll(() => registerConflictViews());
beforeAll(async () => {
  await Promise.all([
    import('../../src/features/offline/conflict-host'),
    import('../../src/features/ruminations/rumination-conflict-dialog'),
    import('../../src/features/offline/pending-writes'),
  ]);
}, 60_000);

/** Every write to a rumination: its method, path and If-Match. */
const writes: { method: string; path: string; ifMatch: string | null }[] = [];
const listener = ({ request }: { request: Request }) => {
  const path = new URL(request.url).pathname;
  if (request.method !== 'GET' && path.startsWith('/api/ruminations')) {
    writes.push({ method: request.method, path, ifMatch: request.headers.get('If-Match') });
  }
};
beforeAll(() => server.events.on('request:start', listener));
afterAll(() => server.events.removeListener('request:start', listener));
beforeEach(() => {
  writes.length = 0;
});
afterEach(() => networkUp());

const THEIRS = 'Written on the phone';
const MINE = 'Written on the laptop';

/** Alice's note, opened for editing; then changed on her other device (version 2). */
async function editMeanwhileChanged() {
  const { user: alice, token } = createUser({ username: 'alice' });
  const note = createRumination({ authorId: alice.id, content: 'First words' });
  const app = await renderApp('/my-ruminations', { token });
  const card = (await app.findByText('First words')).closest('article')!;
  await app.user.click(within(card).getByRole('button', { name: 'Edit rumination' }));
  const editor = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
  // The other device: no If-Match, as an old client would (last write wins there).
  await updateRumination(note.id, { content: THEIRS, publish: true, audiences: [] });
  writes.length = 0;
  const content = editor.getByLabelText('Content');
  await app.user.clear(content);
  await app.user.type(content, MINE);
  return { app, editor, note, alice };
}

function stored(id: number) {
  return getDb().ruminations.find((r) => r.id === id);
}

async function conflictView(app: Awaited<ReturnType<typeof renderApp>>) {
  const dialog = await app.findByRole('dialog', { name: 'Changed elsewhere' });
  const view = within(dialog);
  expect(view.getByRole('region', { name: 'Theirs, saved now' })).toHaveTextContent(THEIRS);
  expect(view.getByRole('region', { name: 'Yours, not saved yet' })).toHaveTextContent(MINE);
  return view;
}

describe('an edit made on top of an older version', () => {
  test('shows both side by side; Keep mine saves mine on top of the current version', async () => {
    const { app, editor, note } = await editMeanwhileChanged();
    await app.user.click(editor.getByRole('button', { name: 'Publish' }));

    // The edit dialog lets go; nothing is lost.
    const view = await conflictView(app);
    expect(app.queryByRole('dialog', { name: 'Edit Rumination' })).not.toBeInTheDocument();
    expect(stored(note.id)?.content).toBe(THEIRS);

    await app.user.click(view.getByRole('button', { name: 'Keep mine' }));
    await vi.waitFor(() => expect(stored(note.id)?.content).toBe(MINE));
    expect(writes.map((w) => [w.method, w.ifMatch])).toEqual([
      ['PUT', '"1"'],
      ['PUT', '"2"'],
    ]);
    await vi.waitFor(() =>
      expect(app.queryByRole('dialog', { name: 'Changed elsewhere' })).not.toBeInTheDocument(),
    );
    expect(app.queryByRole('region', { name: 'Not yet sent' })).not.toBeInTheDocument();
    expect(await app.findByText(MINE)).toBeInTheDocument();
  });

  test('Keep theirs drops mine and sends nothing more', async () => {
    const { app, editor, note } = await editMeanwhileChanged();
    await app.user.click(editor.getByRole('button', { name: 'Publish' }));
    const view = await conflictView(app);

    await app.user.click(view.getByRole('button', { name: 'Keep theirs' }));
    await vi.waitFor(() =>
      expect(app.queryByRole('dialog', { name: 'Changed elsewhere' })).not.toBeInTheDocument(),
    );
    expect(await app.findByText(THEIRS)).toBeInTheDocument();
    expect(stored(note.id)?.content).toBe(THEIRS);
    expect(writes).toHaveLength(1);
    expect(app.queryByRole('region', { name: 'Not yet sent' })).not.toBeInTheDocument();
  });

  test('Keep both keeps theirs and saves mine as a new draft', async () => {
    const { app, editor, note, alice } = await editMeanwhileChanged();
    await app.user.click(editor.getByRole('button', { name: 'Publish' }));
    const view = await conflictView(app);

    await app.user.click(view.getByRole('button', { name: 'Keep both' }));
    await vi.waitFor(() =>
      expect(
        getDb()
          .ruminations.filter((r) => r.authorId === alice.id)
          .map((r) => [r.content, r.isPublished]),
      ).toEqual([
        [THEIRS, true],
        [MINE, false],
      ]),
    );
    expect(stored(note.id)?.content).toBe(THEIRS);
    expect(writes.map((w) => w.method)).toEqual(['PUT', 'POST']);
    expect(await app.findByText('Yours is saved as a new draft')).toBeInTheDocument();
  });

  test('closing the view keeps the conflict waiting in "Not yet sent", with Resolve', async () => {
    const { app, editor, note } = await editMeanwhileChanged();
    await app.user.click(editor.getByRole('button', { name: 'Publish' }));
    const view = await conflictView(app);
    await app.user.click(view.getByRole('button', { name: 'Close' }));

    const pending = await app.findByRole('region', { name: 'Not yet sent' });
    expect(pending).toHaveTextContent('Changed elsewhere meanwhile');
    expect(pending).toHaveTextContent(MINE);
    expect(within(pending).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await app.user.click(within(pending).getByRole('button', { name: /^Resolve/ }));
    await app.user.click((await conflictView(app)).getByRole('button', { name: 'Keep mine' }));
    await vi.waitFor(() => expect(stored(note.id)?.content).toBe(MINE));
  });

  test('an edit queued offline meets the change when sent, and waits in "Not yet sent"', async () => {
    const { app, editor, note } = await editMeanwhileChanged();
    networkDown();
    await app.user.click(editor.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() =>
      expect(app.queryByRole('dialog', { name: 'Edit Rumination' })).not.toBeInTheDocument(),
    );
    expect(await app.findByRole('region', { name: 'Not yet sent' })).toHaveTextContent(
      'Waiting for the network',
    );

    networkUp();
    // Refused (412), not retried forever nor dropped: it waits for the person.
    await vi.waitFor(
      () =>
        expect(app.getByRole('region', { name: 'Not yet sent' })).toHaveTextContent(
          'Changed elsewhere meanwhile',
        ),
      { timeout: 5000 },
    );
    expect(writes.map((w) => [w.method, w.ifMatch])).toEqual([['PUT', '"1"']]);
    expect(stored(note.id)?.content).toBe(THEIRS);
    const pending = app.getByRole('region', { name: 'Not yet sent' });
    await app.user.click(within(pending).getByRole('button', { name: /^Resolve/ }));
    await app.user.click((await conflictView(app)).getByRole('button', { name: 'Keep mine' }));
    await vi.waitFor(() => expect(stored(note.id)?.content).toBe(MINE));
    expect(writes.map((w) => w.ifMatch)).toEqual(['"1"', '"2"']);
  });
});

describe('a delete of a note changed elsewhere', () => {
  test('shows the note as it is now and asks again; then it goes, with Undo', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const note = createRumination({ authorId: alice.id, content: 'First words' });
    const app = await renderApp('/my-ruminations', { token });
    const card = (await app.findByText('First words')).closest('article')!;
    await updateRumination(note.id, { content: THEIRS, publish: true, audiences: [] });
    writes.length = 0;

    await app.user.click(within(card).getByRole('button', { name: 'Delete rumination' }));
    const dialog = within(await app.findByRole('alertdialog', { name: 'Delete rumination?' }));
    await app.user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText(/changed elsewhere/)).toBeInTheDocument();
    expect(dialog.getByText(THEIRS)).toBeInTheDocument();
    expect(stored(note.id)?.deletedTMS).toBeUndefined();

    await app.user.click(dialog.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(stored(note.id)?.deletedTMS).toBeDefined());
    expect(writes.map((w) => [w.method, w.ifMatch])).toEqual([
      ['DELETE', '"1"'],
      ['DELETE', '"2"'],
    ]);
    expect(await app.findByText('Moved to the trash')).toBeInTheDocument();
    await vi.waitFor(() => expect(app.queryByText(THEIRS)).not.toBeInTheDocument());

    await app.user.click(app.getByRole('button', { name: 'Undo' }));
    expect(await app.findByText(THEIRS)).toBeInTheDocument();
    expect(stored(note.id)?.deletedTMS).toBeUndefined();
    expect(writes.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/ruminations/${note.id}/restore`,
    });
  });
});
