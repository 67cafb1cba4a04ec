import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../mocks/node';
import { createRumination, createUser } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { updateRumination } from '../../src/features/ruminations/rumination-write-api';
import { renderApp } from '../support/render-app';
import { warmUpLazyModules } from './ruminations/warm-up';

warmUpLazyModules();
beforeAll(async () => {
  await Promise.all([
    import('../../src/features/history/history-button'),
    import('../../src/features/history/history-dialog'),
  ]);
}, 60_000);

const restores: { path: string; ifMatch: string | null }[] = [];
const listener = ({ request }: { request: Request }) => {
  const path = new URL(request.url).pathname;
  if (request.method === 'POST' && path.includes('/revisions/')) {
    restores.push({ path, ifMatch: request.headers.get('If-Match') });
  }
};
beforeAll(() => server.events.on('request:start', listener));
afterAll(() => server.events.removeListener('request:start', listener));
beforeEach(() => {
  restores.length = 0;
});

/** Alice's note written, then changed twice (now version 3). */
async function noteWithHistory() {
  const alice = createUser({ username: 'alice' });
  const note = createRumination({ authorId: alice.user.id, content: 'A quiet day at sea' });
  // Its author's own edits, through the contract (the app signs in as her below).
  const app = await renderApp('/my-ruminations', { token: alice.token });
  await updateRumination(note.id, { content: 'A stormy day at sea', publish: true }, undefined, 1);
  await updateRumination(
    note.id,
    { content: 'A stormy night at sea', publish: true },
    undefined,
    2,
  );
  await app.router.invalidate();
  await app.queryClient.invalidateQueries();
  const card = (await app.findByText('A stormy night at sea')).closest('article')!;
  return { app, card, note, alice };
}

describe("a note's history", () => {
  test('"edited" opens the versions, newest first, each with its date and what the next changed', async () => {
    const { app, card } = await noteWithHistory();
    await app.user.click(await within(card).findByRole('button', { name: /^edited/ }));
    const dialog = within(await app.findByRole('dialog', { name: 'History' }));

    expect(dialog.getByRole('heading', { name: 'Version 3 (now)' })).toBeInTheDocument();
    const versions = within(await dialog.findByRole('list', { name: 'Earlier versions' }));
    const items = versions.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Version 2',
      'Version 1',
    ]);
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime');
    // Version 1 -> 2: "quiet" out, "stormy" in; marked as text, not by colour alone.
    const first = items[1]!;
    expect(first.querySelector('del')).toHaveTextContent('quiet');
    expect(first.querySelector('ins')).toHaveTextContent('stormy');
    expect(items[0]?.querySelector('del')).toHaveTextContent('day');
    expect(items[0]?.querySelector('ins')).toHaveTextContent('night');
  });

  test('Restore makes a version current again, on top of the current one', async () => {
    const { app, card, note } = await noteWithHistory();
    await app.user.click(await within(card).findByRole('button', { name: /^edited/ }));
    const dialog = within(await app.findByRole('dialog', { name: 'History' }));
    await app.user.click(await dialog.findByRole('button', { name: 'Restore version 1' }));

    await vi.waitFor(() =>
      expect(app.queryByRole('dialog', { name: 'History' })).not.toBeInTheDocument(),
    );
    expect(restores).toHaveLength(1);
    expect(restores[0]?.ifMatch).toBe('"3"');
    const stored = getDb().ruminations.find((r) => r.id === note.id);
    expect(stored?.content).toBe('A quiet day at sea');
    expect(stored?.version).toBe(4);
    expect(await app.findByText('A quiet day at sea')).toBeInTheDocument();
    expect(await app.findByText('Version 1 restored')).toBeInTheDocument();
  });

  test('only its author gets the history: others see a plain "edited"', async () => {
    const { app: alices, note } = await noteWithHistory();
    alices.unmount();
    const bob = createUser({ username: 'bob' });
    const app = await renderApp(`/rumination/${note.id}`, { token: bob.token });
    const card = (await app.findByText('A stormy night at sea')).closest('article')!;
    expect(within(card).getByText(/^edited/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^edited/ })).not.toBeInTheDocument();
  });
});
