import { describe, expect, it } from 'vitest';
import type { Rumination, RuminationRevision } from '../../src/api/rumination-schemas';
import { setUpTestApp } from './support/test-app';
import { call, person, relation, writeRumination, type Person } from './ruminations-support';

/** A rumination's history (api-contract.md "History"): its revisions and restoring one. */

const t = setUpTestApp();

async function put(as: Person, id: number, body: object, headers: Record<string, string> = {}) {
  const res = await call(t, 'PUT', `/api/ruminations/${id}`, { as, body, headers });
  if (res.statusCode !== 200) throw new Error(`edit failed: ${res.statusCode} ${res.body}`);
  return res.json<Rumination>();
}

async function revisions(as: Person, id: number, query = ''): Promise<RuminationRevision[]> {
  const res = await call(t, 'GET', `/api/ruminations/${id}/revisions${query}`, { as });
  if (res.statusCode !== 200) throw new Error(`history failed: ${res.statusCode} ${res.body}`);
  return res.json<RuminationRevision[]>();
}

describe('revisions', () => {
  it('every change keeps the state it replaced, newest first, with when it was saved', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me, { content: 'v1', publish: false });
    expect(await revisions(me, r.id)).toEqual([]);
    const v2 = await put(me, r.id, { content: 'v2', publish: true, audiences: [1] });
    await put(me, r.id, { content: 'v3', publish: true });
    const list = await revisions(me, r.id);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        version: 2,
        content: 'v2',
        isPublished: true,
        audiences: [{ relationType: 1 }],
        savedTMS: v2.updateTMS,
      },
      {
        id: expect.any(Number),
        version: 1,
        content: 'v1',
        isPublished: false,
        audiences: [],
        savedTMS: r.updateTMS,
      },
    ]);
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);
  });

  it('pages with Limit and BeforeId (by revision id); Limit over 100 is 400', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me, { content: 'v1' });
    for (let v = 2; v <= 6; v++) await put(me, r.id, { content: `v${v}`, publish: true });
    const first = await revisions(me, r.id, '?Limit=2');
    expect(first.map((x) => x.version)).toEqual([5, 4]);
    const next = await revisions(me, r.id, `?Limit=2&BeforeId=${first[1]!.id}`);
    expect(next.map((x) => x.version)).toEqual([3, 2]);
    const last = await revisions(me, r.id, `?limit=2&beforeId=${next[1]!.id}`);
    expect(last.map((x) => x.version)).toEqual([1]);
    const tooMany = await call(t, 'GET', `/api/ruminations/${r.id}/revisions?Limit=101`, {
      as: me,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('restoring a revision makes its state current as a new version, kept in the history too', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me, { content: 'original', audiences: ['Family'] });
    await put(me, r.id, { content: 'rewritten', publish: false });
    const [old] = await revisions(me, r.id);
    const res = await call(t, 'POST', `/api/ruminations/${r.id}/revisions/${old!.id}/restore`, {
      as: me,
      headers: { 'If-Match': '"2"' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"3"');
    expect(res.json<Rumination>()).toMatchObject({
      id: r.id,
      content: 'original',
      isPublished: true,
      audiences: r.audiences,
      version: 3,
    });
    const list = await revisions(me, r.id);
    expect(list.map((x) => [x.version, x.content])).toEqual([
      [2, 'rewritten'],
      [1, 'original'],
    ]);
  });

  it('a restore on a stale version is 412 with the rumination as it is now', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me, { content: 'one' });
    await put(me, r.id, { content: 'two', publish: true });
    const [old] = await revisions(me, r.id);
    const res = await call(t, 'POST', `/api/ruminations/${r.id}/revisions/${old!.id}/restore`, {
      as: me,
      headers: { 'If-Match': '"1"' },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json<{ current: Rumination }>().current).toMatchObject({
      content: 'two',
      version: 2,
    });
  });

  it("is the author's alone: 404 to anyone else, even one who may read it", async () => {
    const me = await person(t);
    const friend = await person(t);
    await relation(t.db, me, friend, 1, 'accepted');
    const r = await writeRumination(t, me, { content: 'mine' });
    await put(me, r.id, { content: 'mine too', publish: true });
    const [old] = await revisions(me, r.id);
    for (const as of [friend, null]) {
      const list = await call(t, 'GET', `/api/ruminations/${r.id}/revisions`, { as });
      expect(list.statusCode).toBe(as === null ? 401 : 404);
      const restore = await call(
        t,
        'POST',
        `/api/ruminations/${r.id}/revisions/${old!.id}/restore`,
        { as },
      );
      expect(restore.statusCode).toBe(as === null ? 401 : 404);
    }
    const other = await writeRumination(t, me);
    const wrongRumination = await call(
      t,
      'POST',
      `/api/ruminations/${other.id}/revisions/${old!.id}/restore`,
      { as: me },
    );
    expect(wrongRumination.statusCode).toBe(404);
    expect(wrongRumination.json<{ title: string }>().title).toBe('Revision not found');
  });

  it('a trashed rumination has no history to reach (404) until it is restored', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me, { content: 'one' });
    await put(me, r.id, { content: 'two', publish: true });
    const [old] = await revisions(me, r.id);
    await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as: me });
    const list = await call(t, 'GET', `/api/ruminations/${r.id}/revisions`, { as: me });
    expect(list.statusCode).toBe(404);
    const restore = await call(t, 'POST', `/api/ruminations/${r.id}/revisions/${old!.id}/restore`, {
      as: me,
    });
    expect(restore.statusCode).toBe(404);
    await call(t, 'POST', `/api/ruminations/${r.id}/restore`, { as: me });
    expect((await revisions(me, r.id)).map((x) => x.content)).toEqual(['one']);
  });
});
