import { describe, expect, it } from 'vitest';
import { accountExport } from '../../src/api/account-schemas';
import { rumination as ruminationSchema } from '../../src/api/rumination-schemas';
import {
  createRelation,
  createRumination,
  createUser,
  DEFAULT_TEST_PASSWORD,
} from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { api, setupMockBackend, type Json } from './mock-backend';

/**
 * The mock backend's reactions (api-contract.md "Habits of a shared journal"): the same calls and
 * rules as the server (tests/server/reactions.test.ts), through the same decisions.
 */

setupMockBackend();

const FRIEND = 2;

const path = (id: number, kind: string) => `/api/ruminations/${id}/reactions/${kind}`;
const react = async (token: string | undefined, id: number, kind: string) =>
  (await api('PUT', path(id, kind), { token })).status;
const unreact = async (token: string | undefined, id: number, kind: string) =>
  (await api('DELETE', path(id, kind), { token })).status;

async function countsOf(id: number, token?: string): Promise<Json[]> {
  const res = await api('GET', `/api/ruminations/${id}`, { token });
  return ruminationSchema.parse(res.json).reactions;
}

async function reactionNotices(token: string): Promise<Json[]> {
  const res = await api('GET', '/api/notifications', { token });
  return (res.json as Json[]).filter((n) => n.kind === 'ReactionOnMyRumination');
}

function arrange() {
  const alice = createUser({ username: 'alice' });
  const bob = createUser({ username: 'bob' });
  const carol = createUser({ username: 'carol' });
  const note = createRumination({ authorId: alice.user.id });
  return { alice, bob, carol, note };
}

describe('reactions in the mock backend', () => {
  it('adds one of each kind per person, counted in order with mine; DELETE is 204 always', async () => {
    const { alice, bob, carol, note } = arrange();
    expect(await react(bob.token, note.id, 'thanks')).toBe(204);
    expect(await react(bob.token, note.id, 'love')).toBe(204);
    expect(await react(bob.token, note.id, 'love')).toBe(204);
    expect(await react(carol.token, note.id, 'love')).toBe(204);
    expect(await countsOf(note.id, bob.token)).toEqual([
      { kind: 'love', count: 2, mine: true },
      { kind: 'thanks', count: 1, mine: true },
    ]);
    expect(await countsOf(note.id)).toEqual([
      { kind: 'love', count: 2, mine: false },
      { kind: 'thanks', count: 1, mine: false },
    ]);
    const list = await api('GET', '/api/ruminations/public', { token: alice.token });
    expect((list.json as Json[]).find((r) => r.id === note.id).reactions).toHaveLength(2);
    expect(await unreact(bob.token, note.id, 'thanks')).toBe(204);
    expect(await unreact(bob.token, note.id, 'thanks')).toBe(204);
    expect(await countsOf(note.id, bob.token)).toEqual([{ kind: 'love', count: 2, mine: true }]);
  });

  it('answers 400, 401, 404 and 409 as the server does', async () => {
    const { alice, bob, note } = arrange();
    const shared = createRumination({ authorId: alice.user.id, audiences: [FRIEND] });
    const draft = createRumination({ authorId: alice.user.id, isPublished: false });
    expect(await react(bob.token, note.id, 'angry')).toBe(400);
    expect(await react(undefined, note.id, 'love')).toBe(401);
    expect(await react(bob.token, shared.id, 'love')).toBe(404);
    expect(await react(bob.token, draft.id, 'love')).toBe(404);
    expect(await unreact(bob.token, draft.id, 'love')).toBe(404);
    expect((await api('GET', `/api/ruminations/${shared.id}/reactions`)).status).toBe(404);
    expect(await react(alice.token, draft.id, 'love')).toBe(409);
  });

  it('lists who reacted, newest first, and tells the author once per person', async () => {
    const { alice, bob, carol, note } = arrange();
    await react(bob.token, note.id, 'hug');
    await react(carol.token, note.id, 'love');
    await react(bob.token, note.id, 'laugh');
    await unreact(bob.token, note.id, 'hug');
    await unreact(bob.token, note.id, 'laugh');
    await react(bob.token, note.id, 'sad');
    await react(alice.token, note.id, 'wow');
    const who = await api('GET', `/api/ruminations/${note.id}/reactions`);
    expect(who.json).toEqual([
      { kind: 'wow', user: { id: alice.user.id, username: 'alice', displayName: 'alice' } },
      { kind: 'sad', user: { id: bob.user.id, username: 'bob', displayName: 'bob' } },
      { kind: 'love', user: { id: carol.user.id, username: 'carol', displayName: 'carol' } },
    ]);
    const notices = await reactionNotices(alice.token);
    expect(notices.map((n) => [n.actor.id, n.ruminationId])).toEqual([
      [carol.user.id, note.id],
      [bob.user.id, note.id],
    ]);
  });

  it('erases them with an ended relation and a narrowed audience', async () => {
    const { alice, bob, carol, note } = arrange();
    const relation = createRelation({
      initiatorId: alice.user.id,
      receiverId: bob.user.id,
      type: FRIEND,
    });
    const shared = createRumination({ authorId: alice.user.id, audiences: [FRIEND] });
    await react(bob.token, shared.id, 'love');
    await react(bob.token, note.id, 'love');
    expect(await countsOf(shared.id, alice.token)).toHaveLength(1);
    const ended = await api('DELETE', `/api/UserRelations/${relation.id}`, { token: bob.token });
    expect(ended.status).toBe(204);
    expect(await countsOf(shared.id, alice.token)).toEqual([]);
    expect(await countsOf(note.id, alice.token)).toHaveLength(1);

    // Public, then narrowed to Friends, whom Carol is not.
    await react(carol.token, note.id, 'hug');
    const narrowed = await api('PUT', `/api/ruminations/${note.id}`, {
      token: alice.token,
      body: { content: note.content, audiences: ['Friend'], publish: true },
    });
    expect(narrowed.status).toBe(200);
    expect(narrowed.json.reactions).toEqual([]);
  });

  it('erases them with the reacting account and with the note, kept through the trash', async () => {
    const { alice, bob, carol, note } = arrange();
    await react(bob.token, note.id, 'love');
    await react(carol.token, note.id, 'hug');
    expect(
      (await api('DELETE', `/api/ruminations/${note.id}`, { token: alice.token })).status,
    ).toBe(204);
    const restored = await api('POST', `/api/ruminations/${note.id}/restore`, {
      token: alice.token,
    });
    expect(restored.status).toBe(200);
    expect(await countsOf(note.id, alice.token)).toHaveLength(2);
    const gone = await api('DELETE', '/api/account', {
      token: bob.token,
      body: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(gone.status).toBe(204);
    expect(await countsOf(note.id, alice.token)).toEqual([{ kind: 'hug', count: 1, mine: false }]);
    await api('DELETE', `/api/ruminations/${note.id}`, { token: alice.token });
    await api('DELETE', `/api/ruminations/${note.id}/permanent`, { token: alice.token });
    expect(getDb().reactions.filter((x) => x.ruminationId === note.id)).toEqual([]);
  });

  it('exports the reactions given and received, in the JSON and in reactions.md', async () => {
    const { alice, bob, note } = arrange();
    const bobs = createRumination({ authorId: bob.user.id });
    await react(bob.token, note.id, 'hug');
    await react(alice.token, bobs.id, 'thanks');
    const res = await api('GET', '/api/account/export?format=json', { token: alice.token });
    const data = accountExport.parse(res.json);
    expect(data.reactionsGiven).toEqual([
      { ruminationId: bobs.id, kind: 'thanks', createTMS: expect.any(String) },
    ]);
    expect(data.reactionsReceived).toEqual([
      {
        ruminationId: note.id,
        kind: 'hug',
        createTMS: expect.any(String),
        user: { id: bob.user.id, username: 'bob', displayName: 'bob' },
      },
    ]);
  });
});
