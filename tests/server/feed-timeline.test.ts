import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/credentials/password';
import type { Rumination, RuminationRevision } from '../../src/api/rumination-schemas';
import { setUpTestApp } from './support/test-app';
import {
  call,
  idsOf,
  person,
  requestRelation,
  writeRumination,
  type Person,
} from './ruminations-support';

/**
 * The feed written ahead (server/modules/ruminations/feed-timeline.ts): every write that changes
 * who reads a note, or whom a person reads, shows at once in the plain feed, in both orders (the
 * note before the relation, the relation before the note). The 660 visibility cases check the
 * feed's rule itself (visibility-cases.test.ts); these check that the rows follow each change.
 */

const t = setUpTestApp();

const FAMILY = 1;
const FRIEND = 2;

async function feedOf(as: Person, query = ''): Promise<number[]> {
  const res = await call(t, 'GET', `/api/ruminations/feed${query}`, { as });
  expect(res.statusCode).toBe(200);
  return idsOf(res);
}

/** `a` asks, `b` accepts: related as `type`. Answers the relation's id. */
async function relate(a: Person, b: Person, type: number): Promise<number> {
  const asked = await requestRelation(t, a, b, type);
  const res = await call(t, 'PUT', `/api/UserRelations/${asked.id}/accept`, { as: b });
  expect(res.statusCode).toBe(200);
  return asked.id;
}

async function edit(
  as: Person,
  r: Rumination,
  body: { audiences?: number[]; publish?: boolean },
): Promise<Rumination> {
  const res = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
    as,
    body: { content: r.content, audiences: [], publish: true, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Rumination>();
}

/** Whose feeds hold a note's rows. */
async function rowsOf(ruminationId: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('feed_entries')
    .select('viewer_id')
    .where('rumination_id', '=', ruminationId)
    .orderBy('viewer_id')
    .execute();
  return rows.map((r) => r.viewer_id);
}

describe('the feed written ahead', () => {
  it('shows notes written before the relation once it is accepted, and none after it ends', async () => {
    const author = await person(t);
    const reader = await person(t);
    const shared = await writeRumination(t, author, { audiences: [FRIEND] });
    const open = await writeRumination(t, author);
    const forFamily = await writeRumination(t, author, { audiences: [FAMILY] });
    await writeRumination(t, author, { publish: false });
    expect(await feedOf(reader)).toEqual([]);

    const friends = await relate(reader, author, FRIEND);
    expect(await feedOf(reader)).toEqual([open.id, shared.id]);
    const family = await relate(author, reader, FAMILY);
    expect(await feedOf(reader)).toEqual([forFamily.id, open.id, shared.id]);

    expect(
      (await call(t, 'DELETE', `/api/UserRelations/${family}`, { as: reader })).statusCode,
    ).toBe(204);
    expect(await feedOf(reader)).toEqual([open.id, shared.id]);
    expect(
      (await call(t, 'DELETE', `/api/UserRelations/${friends}`, { as: author })).statusCode,
    ).toBe(204);
    expect(await feedOf(reader)).toEqual([]);
  });

  it('follows a note through publishing, audiences, the trash and back, and erasure for good', async () => {
    const author = await person(t);
    const friend = await person(t);
    const relative = await person(t);
    await relate(friend, author, FRIEND);
    await relate(relative, author, FAMILY);

    let note = await writeRumination(t, author, { publish: false, audiences: [FRIEND] });
    expect(await feedOf(friend)).toEqual([]);
    note = await edit(author, note, { audiences: [FRIEND] });
    expect(await feedOf(friend)).toEqual([note.id]);
    expect(await feedOf(relative)).toEqual([]);

    note = await edit(author, note, { audiences: [FAMILY] });
    expect(await feedOf(friend)).toEqual([]);
    expect(await feedOf(relative)).toEqual([note.id]);
    note = await edit(author, note, { audiences: [] });
    expect(await feedOf(friend)).toEqual([note.id]);
    expect(await feedOf(relative)).toEqual([note.id]);
    note = await edit(author, note, { publish: false });
    expect(await feedOf(friend)).toEqual([]);

    // A version restored brings back its audience (published, for friends).
    const revisions = await call(t, 'GET', `/api/ruminations/${note.id}/revisions`, {
      as: author,
    });
    const forFriends = revisions
      .json<RuminationRevision[]>()
      .find(
        (r) => r.isPublished && r.audiences.length === 1 && r.audiences[0]!.relationType === FRIEND,
      );
    const restored = await call(
      t,
      'POST',
      `/api/ruminations/${note.id}/revisions/${forFriends!.id}/restore`,
      { as: author, headers: { 'If-Match': `"${note.version}"` } },
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await feedOf(friend)).toEqual([note.id]);
    expect(await feedOf(relative)).toEqual([]);

    expect(
      (await call(t, 'DELETE', `/api/ruminations/${note.id}`, { as: author })).statusCode,
    ).toBe(204);
    expect(await feedOf(friend)).toEqual([]);
    const back = await call(t, 'POST', `/api/ruminations/${note.id}/restore`, { as: author });
    expect(back.statusCode).toBe(200);
    expect(await feedOf(friend)).toEqual([note.id]);

    expect(
      (await call(t, 'DELETE', `/api/ruminations/${note.id}`, { as: author })).statusCode,
    ).toBe(204);
    const gone = await call(t, 'DELETE', `/api/ruminations/${note.id}/permanent`, { as: author });
    expect(gone.statusCode).toBe(204);
    expect(await feedOf(friend)).toEqual([]);
    expect(await rowsOf(note.id)).toEqual([]);
  });

  it("keeps a note in its readers' feeds through an edit of its words alone", async () => {
    const author = await person(t);
    const friend = await person(t);
    const relative = await person(t);
    await relate(friend, author, FRIEND);
    await relate(relative, author, FAMILY);
    const note = await writeRumination(t, author, { audiences: [FRIEND] });
    const res = await call(t, 'PUT', `/api/ruminations/${note.id}`, {
      as: author,
      body: { content: 'Words changed, readers not', audiences: [FRIEND], publish: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const feed = await call(t, 'GET', '/api/ruminations/feed', { as: friend });
    expect(feed.json<Rumination[]>().map((r) => [r.id, r.content])).toEqual([
      [note.id, 'Words changed, readers not'],
    ]);
    expect(await feedOf(relative)).toEqual([]);
    expect(await rowsOf(note.id)).toEqual([friend.id]);
  });

  it('pages newest first with BeforeId, and keeps the narrowed feeds as they were', async () => {
    const reader = await person(t);
    const one = await person(t);
    const two = await person(t);
    await relate(reader, one, FRIEND);
    await relate(reader, two, FAMILY);
    const written: number[] = [];
    for (let i = 0; i < 13; i += 1) {
      written.push((await writeRumination(t, one, { audiences: i % 2 ? [FRIEND] : [] })).id);
      written.push((await writeRumination(t, two, { audiences: i % 3 ? [FAMILY] : [] })).id);
    }
    const newest = [...written].reverse();
    const first = await feedOf(reader);
    expect(first).toEqual(newest.slice(0, 20));
    expect(await feedOf(reader, `?BeforeId=${first.at(-1)}`)).toEqual(newest.slice(20));
    expect(await feedOf(reader, `?Limit=5&BeforeId=${newest[2]}`)).toEqual(newest.slice(3, 8));
    expect(await feedOf(reader, `?UserId=${one.id}&Limit=30`)).toEqual(
      newest.filter((_, i) => i % 2 === 1),
    );
    const publicOnes = await feedOf(reader, '?isPublic=true&Limit=30');
    expect(publicOnes.length).toBeGreaterThan(0);
    expect(publicOnes.length).toBeLessThan(newest.length);
  });

  it('forgets an erased account: its notes leave every feed, and its own feed is gone', async () => {
    const PASSWORD = 'quiet harbour 42';
    const leaver = await person(t);
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', leaver.id)
      .execute();
    const stayer = await person(t);
    await relate(leaver, stayer, FRIEND);
    const leaversNote = await writeRumination(t, leaver);
    const theirs = await writeRumination(t, stayer);
    expect(await feedOf(stayer)).toHaveLength(1);
    expect(await feedOf(leaver)).toEqual([theirs.id]);

    const erased = await call(t, 'DELETE', '/api/account', {
      as: leaver,
      body: { password: PASSWORD },
    });
    expect(erased.statusCode).toBe(204);
    expect(await feedOf(stayer)).toEqual([]);
    const rows = await t.db
      .selectFrom('feed_entries')
      .select(['viewer_id', 'rumination_id'])
      .where((eb) =>
        eb.or([eb('viewer_id', '=', leaver.id), eb('rumination_id', '=', leaversNote.id)]),
      )
      .execute();
    expect(rows).toEqual([]);
  });
});
