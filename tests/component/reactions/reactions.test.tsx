import { http, HttpResponse } from 'msw';
import { within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { server } from '../../../mocks/node';
import { getDb } from '../../../mocks/store/db';
import { createRelation, createRumination, createUser } from '../../../mocks/store/factories';
import { networkDown, networkUp } from '../../support/network';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';

/**
 * Reactions on a card (api-contract.md "Habits of a shared journal"): counts read out, a tap shown
 * at once and taken back on failure, the picker, who reacted, visitors, and the offline queue.
 */

const log = logRequests();

beforeAll(async () => {
  await Promise.all([
    import('../../../src/features/ruminations/reaction-controls'),
    import('../../../src/features/ruminations/reaction-writes'),
    import('../../../src/features/ruminations/reaction-picker'),
    import('../../../src/features/ruminations/reactors-dialog'),
  ]);
}, 60_000);

afterEach(() => networkUp());

function arrange() {
  const alice = createUser({ username: 'alice', displayName: 'Alice A.' });
  const bob = createUser({ username: 'bob', displayName: 'Bob B.' });
  const note = createRumination({ authorId: alice.user.id, content: 'A quiet morning' });
  return { alice, bob, note };
}

function reactTo(ruminationId: number, userId: number, kind: 'love' | 'hug' | 'laugh') {
  getDb().reactions.push({ ruminationId, userId, kind, createTMS: new Date().toISOString() });
}

describe('reactions on a card', () => {
  test('reads each count out, and a tap on it takes one back, at once and on the server', async () => {
    const { alice, bob, note } = arrange();
    reactTo(note.id, alice.user.id, 'love');
    reactTo(note.id, bob.user.id, 'love');
    const app = await renderApp(`/rumination/${note.id}`, { token: bob.token });
    const love = await app.findByRole('button', { name: '❤️ love, 2 people, you reacted' });
    expect(love).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(love);
    const after = await app.findByRole('button', { name: '❤️ love, 1 person' });
    expect(after).toHaveAttribute('aria-pressed', 'false');
    await log.settled();
    expect(log.to(`/api/ruminations/${note.id}/reactions/love`, 'DELETE')).toHaveLength(1);
    expect(getDb().reactions.filter((x) => x.userId === bob.user.id)).toEqual([]);
  });

  test('adds one from the picker, by keyboard', async () => {
    const { bob, note } = arrange();
    const app = await renderApp(`/rumination/${note.id}`, { token: bob.token });
    const add = await app.findByRole('button', { name: 'Add a reaction' });
    add.focus();
    await app.user.keyboard('{Enter}');
    const picker = await app.findByRole('group', { name: 'Choose a reaction' });
    expect(within(picker).getAllByRole('button')).toHaveLength(6);
    await app.user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(
      await app.findByRole('button', { name: '😂 laugh, 1 person, you reacted' }),
    ).toBeInTheDocument();
    expect(app.queryByRole('group', { name: 'Choose a reaction' })).not.toBeInTheDocument();
    expect(add).toHaveFocus();
    await log.settled();
    expect(log.to(`/api/ruminations/${note.id}/reactions/laugh`, 'PUT')).toHaveLength(1);
  });

  test('takes the tap back when the server refuses it', async () => {
    const { bob, note } = arrange();
    server.use(
      http.put('*/api/ruminations/:id/reactions/:kind', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Rumination not found', status: 404 },
          { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const app = await renderApp(`/rumination/${note.id}`, { token: bob.token });
    await app.user.click(await app.findByRole('button', { name: 'Add a reaction' }));
    await app.user.click(await app.findByRole('button', { name: '🤗 hug' }));
    // Said in a notice (shown, and read out by its live region).
    expect((await app.findAllByText('Rumination not found')).length).toBeGreaterThan(0);
    expect(app.queryByRole('button', { name: /hug, 1 person/ })).not.toBeInTheDocument();
  });

  test('lists who reacted by display name under each kind', async () => {
    const { alice, bob, note } = arrange();
    reactTo(note.id, bob.user.id, 'love');
    const app = await renderApp(`/rumination/${note.id}`, { token: alice.token });
    await app.user.click(await app.findByRole('button', { name: 'Who reacted' }));
    const dialog = await app.findByRole('dialog', { name: 'Who reacted' });
    const love = await within(dialog).findByRole('region', { name: '❤️ love' });
    expect(within(love).getByText('Bob B.')).toBeInTheDocument();
  });

  test('visitors see the counts but cannot react', async () => {
    const { alice, note } = arrange();
    reactTo(note.id, alice.user.id, 'hug');
    const app = await renderApp(`/rumination/${note.id}`);
    const group = await app.findByRole('group', { name: 'Reactions' });
    expect(within(group).getByText('🤗 hug, 1 person')).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: /hug|Add a reaction/ })).toBeNull();
  });

  test('offline, a tap waits in the queue and a tap back cancels it: nothing is sent', async () => {
    const { alice, bob, note } = arrange();
    createRelation({ initiatorId: alice.user.id, receiverId: bob.user.id, type: 1 });
    const app = await renderApp(`/rumination/${note.id}`, { token: bob.token });
    await app.findByRole('button', { name: 'Add a reaction' });
    networkDown();
    await app.user.click(app.getByRole('button', { name: 'Add a reaction' }));
    await app.user.click(await app.findByRole('button', { name: '❤️ love' }));
    const love = await app.findByRole('button', { name: '❤️ love, 1 person, you reacted' });
    expect(await app.findByRole('region', { name: 'Not yet sent' })).toHaveTextContent('❤️ love');
    await app.user.click(love);
    await app.user.click(app.getByRole('button', { name: 'Add a reaction' }));
    await app.user.click(await app.findByRole('button', { name: '🤗 hug' }));
    networkUp();
    await app.findByRole('button', { name: '🤗 hug, 1 person, you reacted' });
    await expect
      .poll(() =>
        getDb()
          .reactions.filter((x) => x.userId === bob.user.id)
          .map((x) => x.kind),
      )
      .toEqual(['hug']);
    await log.settled();
    expect(log.to(`/api/ruminations/${note.id}/reactions/love`, 'PUT')).toEqual([]);
    expect(log.to(`/api/ruminations/${note.id}/reactions/love`, 'DELETE')).toEqual([]);
  });
});
