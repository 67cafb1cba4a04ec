import { describe, expect, it } from 'vitest';
import type { Rumination, TrashedRumination } from '../../src/api/rumination-schemas';
import { setUpTestApp } from './support/test-app';
import {
  call,
  idsOf,
  insertComment,
  person,
  relation,
  writeRumination,
  type Person,
} from './ruminations-support';

/** The trash (api-contract.md "Trash"): delete, list, restore, delete for good, empty. */

const t = setUpTestApp();

async function trash(as: Person, query = ''): Promise<TrashedRumination[]> {
  const res = await call(t, 'GET', `/api/ruminations/trash${query}`, { as });
  if (res.statusCode !== 200) throw new Error(`trash failed: ${res.statusCode} ${res.body}`);
  return res.json<TrashedRumination[]>();
}

async function remove(as: Person, id: number): Promise<void> {
  const res = await call(t, 'DELETE', `/api/ruminations/${id}`, { as });
  if (res.statusCode !== 204) throw new Error(`delete failed: ${res.statusCode} ${res.body}`);
}

describe('the trash', () => {
  it('lists what its author deleted, in the rumination shape with deletedTMS; no one else sees it', async () => {
    const me = await person(t);
    const other = await person(t);
    const r = await writeRumination(t, me, { content: 'to the trash', audiences: [3] });
    await insertComment(t.db, other, r.id);
    const before = Date.now();
    await remove(me, r.id);
    const [item, ...rest] = await trash(me);
    expect(rest).toEqual([]);
    const { deletedTMS, ...shape } = item!;
    expect(shape).toEqual({ ...r, commentCount: 1 });
    expect(Date.parse(deletedTMS)).toBeGreaterThanOrEqual(before - 5);
    expect(await trash(other)).toEqual([]);
    expect((await call(t, 'GET', '/api/ruminations/trash', { as: null })).statusCode).toBe(401);
    expect(
      (
        await call(t, 'PUT', `/api/ruminations/${r.id}`, {
          as: me,
          body: { content: 'x', publish: true },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is most recently deleted first, and pages with BeforeId without skipping or repeating', async () => {
    const me = await person(t);
    const made: Rumination[] = [];
    for (let i = 0; i < 5; i++) made.push(await writeRumination(t, me));
    // Deleted out of id order: 3, 0, 4, 1, 2.
    for (const i of [3, 0, 4, 1, 2]) {
      await remove(me, made[i]!.id);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const expected = [2, 1, 4, 0, 3].map((i) => made[i]!.id);
    expect((await trash(me)).map((x) => x.id)).toEqual(expected);
    const seen: number[] = [];
    let query = '?Limit=2';
    for (;;) {
      const page = await trash(me, query);
      if (page.length === 0) break;
      seen.push(...page.map((x) => x.id));
      query = `?Limit=2&BeforeId=${page.at(-1)!.id}`;
    }
    expect(seen).toEqual(expected);
  });

  it('restore puts it back as it was: same version, comments and history; 200 with ETag', async () => {
    const me = await person(t);
    const friend = await person(t);
    await relation(t.db, me, friend, 1, 'accepted');
    const r = await writeRumination(t, me, { content: 'first', audiences: [1] });
    const edited = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: { content: 'second', audiences: [1], publish: true },
    });
    const comment = await call(t, 'POST', '/api/comments', {
      as: friend,
      body: { ruminationId: r.id, content: 'kept' },
    });
    expect(comment.statusCode).toBe(201);
    await remove(me, r.id);
    expect(idsOf(await call(t, 'GET', '/api/ruminations/feed', { as: friend }))).not.toContain(
      r.id,
    );
    const res = await call(t, 'POST', `/api/ruminations/${r.id}/restore`, { as: me });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toEqual({ ...edited.json<Rumination>(), commentCount: 1 });
    expect(await trash(me)).toEqual([]);
    expect(idsOf(await call(t, 'GET', '/api/ruminations/feed', { as: friend }))).toContain(r.id);
    const comments = await call(t, 'GET', `/api/comments/rumination/${r.id}`, { as: friend });
    expect(comments.json<{ content: string }[]>().map((c) => c.content)).toEqual(['kept']);
    const history = await call(t, 'GET', `/api/ruminations/${r.id}/revisions`, { as: me });
    expect(history.json<{ content: string }[]>().map((x) => x.content)).toEqual(['first']);
  });

  it("restore: 404 for a live rumination, someone else's trash, or an unknown id", async () => {
    const me = await person(t);
    const other = await person(t);
    const live = await writeRumination(t, me);
    const theirs = await writeRumination(t, other);
    await remove(other, theirs.id);
    for (const id of [live.id, theirs.id, theirs.id + 10_000]) {
      const res = await call(t, 'POST', `/api/ruminations/${id}/restore`, { as: me });
      expect(res.statusCode).toBe(404);
    }
  });

  it('delete for good erases it with comments, revisions and notifications; 409 when not in the trash', async () => {
    const me = await person(t);
    const friend = await person(t);
    const r = await writeRumination(t, me, { content: 'one' });
    await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: { content: 'two', publish: true },
    });
    await call(t, 'POST', '/api/comments', {
      as: friend,
      body: { ruminationId: r.id, content: 'hello' },
    });
    const live = await call(t, 'DELETE', `/api/ruminations/${r.id}/permanent`, { as: me });
    expect(live.statusCode).toBe(409);
    expect(live.json<{ title: string }>().title).toBe(
      'Only a rumination in the trash can be deleted for good',
    );
    const notYours = await call(t, 'DELETE', `/api/ruminations/${r.id}/permanent`, {
      as: friend,
    });
    expect(notYours.statusCode).toBe(403);
    await remove(me, r.id);
    expect(
      (await call(t, 'DELETE', `/api/ruminations/${r.id}/permanent`, { as: friend })).statusCode,
    ).toBe(404);
    const res = await call(t, 'DELETE', `/api/ruminations/${r.id}/permanent`, { as: me });
    expect(res.statusCode).toBe(204);
    expect(await trash(me)).toEqual([]);
    expect((await call(t, 'POST', `/api/ruminations/${r.id}/restore`, { as: me })).statusCode).toBe(
      404,
    );
    for (const table of ['comments', 'rumination_revisions', 'notifications'] as const) {
      const left = await t.db
        .selectFrom(table)
        .select('id')
        .where('rumination_id', '=', r.id)
        .execute();
      expect(left, table).toEqual([]);
    }
  });

  it("empty trash erases every one of the caller's, and no one else's", async () => {
    const me = await person(t);
    const other = await person(t);
    const mine = [await writeRumination(t, me), await writeRumination(t, me)];
    const kept = await writeRumination(t, me);
    const theirs = await writeRumination(t, other);
    for (const r of mine) await remove(me, r.id);
    await remove(other, theirs.id);
    const res = await call(t, 'DELETE', '/api/ruminations/trash', { as: me });
    expect(res.statusCode).toBe(204);
    expect(await trash(me)).toEqual([]);
    expect((await trash(other)).map((x) => x.id)).toEqual([theirs.id]);
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my', { as: me }))).toEqual([kept.id]);
  });

  it('/api/ruminations/trash is the trash, never a rumination id', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    expect((await call(t, 'GET', '/api/ruminations/trash', { as: me })).json()).toEqual([]);
    expect((await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', '/api/ruminations/trash', { as: me })).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/ruminations/trash?Limit=0', { as: me })).statusCode).toBe(
      400,
    );
  });
});
