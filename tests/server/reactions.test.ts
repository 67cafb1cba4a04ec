import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src/api/notification-schemas';
import type { Reactor } from '../../src/api/reaction-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { TOS_REQUIRED_TITLE } from '../../src/api/terms-schemas';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import { eraseAccount } from '../../server/modules/account/account-erasure';
import { setUpTestApp } from './support/test-app';
import { call, person, relation, writeRumination, type Person } from './ruminations-support';

/**
 * Reactions (api-contract.md "Habits of a shared journal"): PUT and DELETE, the counts on every
 * rumination, who reacted, the author's notification, and what erases them. Runs on SQLite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */

const t = setUpTestApp();
const FRIEND = relationTypeOfAudience('Friend');
const FAMILY = relationTypeOfAudience('Family');

const path = (id: number, kind: string) => `/api/ruminations/${id}/reactions/${kind}`;

async function react(as: Person | null, id: number, kind: string): Promise<number> {
  return (await call(t, 'PUT', path(id, kind), { as })).statusCode;
}

async function unreact(as: Person | null, id: number, kind: string): Promise<number> {
  return (await call(t, 'DELETE', path(id, kind), { as })).statusCode;
}

async function read(as: Person | null, id: number): Promise<Rumination> {
  const res = await call(t, 'GET', `/api/ruminations/${id}`, { as });
  if (res.statusCode !== 200) throw new Error(`read failed: ${res.statusCode} ${res.body}`);
  return res.json<Rumination>();
}

async function reactors(as: Person | null, id: number): Promise<Reactor[]> {
  const res = await call(t, 'GET', `/api/ruminations/${id}/reactions`, { as });
  if (res.statusCode !== 200) throw new Error(`reactors failed: ${res.statusCode} ${res.body}`);
  return res.json<Reactor[]>();
}

async function reactionNotices(as: Person): Promise<Notification[]> {
  const res = await call(t, 'GET', '/api/notifications', { as });
  return res.json<Notification[]>().filter((n) => n.kind === 'ReactionOnMyRumination');
}

describe('PUT and DELETE /api/ruminations/{id}/reactions/{kind}', () => {
  it('adds one of each kind per person (204, idempotent), counted in order with mine', async () => {
    const author = await person(t);
    const a = await person(t);
    const b = await person(t);
    const r = await writeRumination(t, author);
    expect(await react(a, r.id, 'thanks')).toBe(204);
    expect(await react(a, r.id, 'love')).toBe(204);
    expect(await react(a, r.id, 'love')).toBe(204);
    expect(await react(b, r.id, 'love')).toBe(204);
    expect(await react(author, r.id, 'wow')).toBe(204);
    expect((await read(a, r.id)).reactions).toEqual([
      { kind: 'love', count: 2, mine: true },
      { kind: 'wow', count: 1, mine: false },
      { kind: 'thanks', count: 1, mine: true },
    ]);
    // Visitors see the counts, never mine; lists carry them too.
    expect((await read(null, r.id)).reactions.map((x) => x.mine)).toEqual([false, false, false]);
    const mine = await call(t, 'GET', '/api/ruminations/my', { as: author });
    const card = mine.json<Rumination[]>().find((x) => x.id === r.id);
    expect(card?.reactions).toEqual([
      { kind: 'love', count: 2, mine: false },
      { kind: 'wow', count: 1, mine: true },
      { kind: 'thanks', count: 1, mine: false },
    ]);
    // DELETE: 204, and again when there is none; only kinds above 0 remain.
    expect(await unreact(a, r.id, 'thanks')).toBe(204);
    expect(await unreact(a, r.id, 'thanks')).toBe(204);
    expect(await unreact(a, r.id, 'hug')).toBe(204);
    expect((await read(a, r.id)).reactions).toEqual([
      { kind: 'love', count: 2, mine: true },
      { kind: 'wow', count: 1, mine: false },
    ]);
  });

  it('answers 400 for an unknown kind, 404 for a hidden note or a draft of someone else', async () => {
    const author = await person(t);
    const stranger = await person(t);
    const r = await writeRumination(t, author);
    expect(await react(stranger, r.id, 'angry')).toBe(400);
    expect(await unreact(stranger, r.id, 'LOVE')).toBe(400);
    const shared = await writeRumination(t, author, { audiences: ['Friend'] });
    const draft = await writeRumination(t, author, { publish: false });
    for (const id of [shared.id, draft.id, 999_999]) {
      expect(await react(stranger, id, 'love')).toBe(404);
      expect(await unreact(stranger, id, 'love')).toBe(404);
      expect(
        (await call(t, 'GET', `/api/ruminations/${id}/reactions`, { as: stranger })).statusCode,
      ).toBe(404);
    }
    // The author's own draft is visible to them, but not published.
    expect(await react(author, draft.id, 'love')).toBe(409);
  });

  it('needs a token (401) and accepted terms (403)', async () => {
    const author = await person(t);
    const r = await writeRumination(t, author);
    expect(await react(null, r.id, 'love')).toBe(401);
    expect(await unreact(null, r.id, 'love')).toBe(401);
    const res = await call(t, 'PUT', path(r.id, 'love'), {
      as: await person(t, { acceptTerms: false }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ title: TOS_REQUIRED_TITLE });
  });
});

describe('GET /api/ruminations/{id}/reactions', () => {
  it('lists who reacted with what, newest first, to whoever may read it', async () => {
    const author = await person(t);
    const a = await person(t);
    const b = await person(t);
    const r = await writeRumination(t, author);
    await react(a, r.id, 'hug');
    await new Promise((done) => setTimeout(done, 5));
    await react(b, r.id, 'love');
    await new Promise((done) => setTimeout(done, 5));
    await react(a, r.id, 'laugh');
    const list = await reactors(null, r.id);
    expect(list).toEqual([
      { kind: 'laugh', user: { id: a.id, username: a.username, displayName: a.username } },
      { kind: 'love', user: { id: b.id, username: b.username, displayName: b.username } },
      { kind: 'hug', user: { id: a.id, username: a.username, displayName: a.username } },
    ]);
  });
});

describe('the author is told once per person', () => {
  it('tells the author once, however often one reacts, takes back or changes kind', async () => {
    const author = await person(t);
    const a = await person(t);
    const r = await writeRumination(t, author);
    await react(a, r.id, 'love');
    await react(a, r.id, 'love');
    await react(a, r.id, 'hug');
    await unreact(a, r.id, 'love');
    await unreact(a, r.id, 'hug');
    await react(a, r.id, 'love');
    const notices = await reactionNotices(author);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'ReactionOnMyRumination',
        actor: { id: a.id, username: a.username, displayName: a.username },
        ruminationId: r.id,
        commentId: null,
        isRead: false,
      }),
    ]);
    // Even once the author's notification is gone, a new tap does not tell them again.
    await t.db.deleteFrom('notifications').where('recipient_id', '=', author.id).execute();
    await react(a, r.id, 'sad');
    expect(await reactionNotices(author)).toEqual([]);
  });

  it('tells nobody of their own reaction', async () => {
    const author = await person(t);
    const r = await writeRumination(t, author);
    await react(author, r.id, 'love');
    expect(await reactionNotices(author)).toEqual([]);
  });
});

describe('what erases reactions', () => {
  it('a relation that ends takes the reactions it let them give', async () => {
    const author = await person(t);
    const friend = await person(t);
    const cousin = await person(t);
    const relationId = await relation(t.db, author, friend, FRIEND, 'accepted');
    const cousinRelation = await relation(t.db, cousin, author, FAMILY, 'accepted');
    const forFriends = await writeRumination(t, author, { audiences: ['Friend'] });
    const forFamily = await writeRumination(t, author, { audiences: ['Family'] });
    const open = await writeRumination(t, author);
    await react(friend, forFriends.id, 'love');
    await react(friend, open.id, 'love');
    await react(cousin, forFamily.id, 'hug');
    expect((await read(author, forFriends.id)).reactions).toHaveLength(1);
    expect(
      (await call(t, 'DELETE', `/api/UserRelations/${relationId}`, { as: friend })).statusCode,
    ).toBe(204);
    expect((await read(author, forFriends.id)).reactions).toEqual([]);
    expect(await reactors(author, forFriends.id)).toEqual([]);
    // A public note is still theirs to read: that reaction stays.
    expect((await read(author, open.id)).reactions).toEqual([
      { kind: 'love', count: 1, mine: false },
    ]);
    // The cousin's relation stands: theirs stays.
    expect(cousinRelation).toBeGreaterThan(0);
    expect((await read(author, forFamily.id)).reactions).toHaveLength(1);
  });

  it("an author narrowing a note's audience", async () => {
    const author = await person(t);
    const friend = await person(t);
    const family = await person(t);
    await relation(t.db, author, friend, FRIEND, 'accepted');
    await relation(t.db, author, family, FAMILY, 'accepted');
    const r = await writeRumination(t, author, { audiences: ['Friend', 'Family'] });
    await react(friend, r.id, 'love');
    await react(family, r.id, 'love');
    const res = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: author,
      body: { content: r.content, audiences: ['Family'], publish: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Rumination>().reactions).toEqual([{ kind: 'love', count: 1, mine: false }]);
    expect((await reactors(author, r.id)).map((x) => x.user.id)).toEqual([family.id]);
  });

  it('keeps them through the trash and back; erases them with the note and with the account', async () => {
    const author = await person(t);
    const leaver = await person(t);
    const stays = await person(t);
    const r = await writeRumination(t, author);
    await react(leaver, r.id, 'love');
    await react(stays, r.id, 'wow');
    expect((await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as: author })).statusCode).toBe(
      204,
    );
    expect(
      (await call(t, 'POST', `/api/ruminations/${r.id}/restore`, { as: author })).statusCode,
    ).toBe(200);
    expect((await read(author, r.id)).reactions).toHaveLength(2);

    await t.db.transaction().execute((trx) => eraseAccount(trx, leaver.id));
    expect((await read(author, r.id)).reactions).toEqual([{ kind: 'wow', count: 1, mine: false }]);
    const left = await t.db
      .selectFrom('reactions')
      .select('user_id')
      .where('user_id', '=', leaver.id)
      .execute();
    expect(left).toEqual([]);

    await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as: author });
    expect(
      (await call(t, 'DELETE', `/api/ruminations/${r.id}/permanent`, { as: author })).statusCode,
    ).toBe(204);
    const rows = await t.db
      .selectFrom('reactions')
      .select('user_id')
      .where('rumination_id', '=', r.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
