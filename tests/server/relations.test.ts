import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRelation } from '../../src/api/relation-schemas';
import { TOS_REQUIRED_TITLE } from '../../src/api/terms-schemas';
import { setUpTestApp } from './support/test-app';
import {
  call,
  idsOf,
  person,
  requestRelation,
  writeRumination,
  type Person,
} from './ruminations-support';

const t = setUpTestApp();

const request = (from: Person, to: Person, relationType: number) =>
  requestRelation(t, from, to, relationType);

const put = (as: Person | null, id: number, action: 'accept' | 'reject') =>
  call(t, 'PUT', `/api/UserRelations/${id}/${action}`, { as });

describe('POST /api/UserRelations', () => {
  it('creates a pending relation initiated by the caller (201)', async () => {
    const a = await person(t);
    const b = await person(t);
    const res = await call(t, 'POST', '/api/UserRelations', {
      as: a,
      body: { userId: String(b.id), relationType: '5', isAccepted: true, initiatorId: b.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      type: 5,
      initiator: { id: a.id, username: a.username, displayName: a.username },
      receiver: { id: b.id, username: b.username, displayName: b.username },
      isAccepted: false,
      isRejected: false,
      isDeleted: false,
      createTMS: expect.any(String),
    });
  });

  it('refuses oneself (400), unknown or inactive users (404) and bad types (400)', async () => {
    const a = await person(t);
    const inactive = await person(t, { active: false });
    const post = (body: unknown) => call(t, 'POST', '/api/UserRelations', { as: a, body });
    expect((await post({ userId: a.id, relationType: 0 })).statusCode).toBe(400);
    expect((await post({ userId: 999999, relationType: 0 })).statusCode).toBe(404);
    expect((await post({ userId: inactive.id, relationType: 0 })).statusCode).toBe(404);
    expect((await post({ userId: inactive.id, relationType: 6 })).statusCode).toBe(400);
    expect((await post({ userId: inactive.id })).statusCode).toBe(400);
  });

  it('refuses a pending or accepted duplicate of that type in either direction (409)', async () => {
    const a = await person(t);
    const b = await person(t);
    const first = await request(a, b, 2);
    const again = (from: Person, to: Person, type: number) =>
      call(t, 'POST', '/api/UserRelations', {
        as: from,
        body: { userId: to.id, relationType: type },
      });
    expect((await again(a, b, 2)).statusCode).toBe(409);
    expect((await again(b, a, 2)).statusCode).toBe(409);
    expect((await put(b, first.id, 'accept')).statusCode).toBe(200);
    expect((await again(b, a, 2)).statusCode).toBe(409);
    // Another type is another relation.
    expect((await again(b, a, 3)).statusCode).toBe(201);
  });

  it('lets exactly one of several racing requests for the same relation through', async () => {
    const a = await person(t);
    const b = await person(t);
    const results = await Promise.all(
      [a, b, a, b, a, b].map((from) =>
        call(t, 'POST', '/api/UserRelations', {
          as: from,
          body: { userId: (from === a ? b : a).id, relationType: 4 },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    expect(idsOf(await call(t, 'GET', '/api/UserRelations', { as: a }))).toHaveLength(1);
  });

  it('allows the type again after a rejection or a deletion', async () => {
    const a = await person(t);
    const b = await person(t);
    const first = await request(a, b, 1);
    expect((await put(b, first.id, 'reject')).statusCode).toBe(200);
    const second = await request(a, b, 1);
    expect((await call(t, 'DELETE', `/api/UserRelations/${second.id}`, { as: a })).statusCode).toBe(
      204,
    );
    await request(b, a, 1);
  });

  it('needs a token (401) and accepted terms (403)', async () => {
    const b = await person(t);
    const body = { userId: b.id, relationType: 0 };
    expect((await call(t, 'POST', '/api/UserRelations', { body })).statusCode).toBe(401);
    const res = await call(t, 'POST', '/api/UserRelations', {
      as: await person(t, { acceptTerms: false }),
      body,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ title: TOS_REQUIRED_TITLE });
  });
});

describe('accept and reject', () => {
  it('the receiver accepts or rejects a pending request (200)', async () => {
    const a = await person(t);
    const b = await person(t);
    const one = await request(a, b, 0);
    const two = await request(a, b, 4);
    const accepted = await put(b, one.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: one.id, isAccepted: true, isRejected: false });
    const rejected = await put(b, two.id, 'reject');
    expect(rejected.json()).toMatchObject({ id: two.id, isAccepted: false, isRejected: true });
  });

  it('the initiator may not (403); a decided one cannot be decided again (409)', async () => {
    const a = await person(t);
    const b = await person(t);
    const r = await request(a, b, 0);
    expect((await put(a, r.id, 'accept')).statusCode).toBe(403);
    expect((await put(a, r.id, 'reject')).statusCode).toBe(403);
    await put(b, r.id, 'reject');
    expect((await put(b, r.id, 'accept')).statusCode).toBe(409);
    expect((await put(b, r.id, 'reject')).statusCode).toBe(409);
    const cancelled = await request(a, b, 0);
    await call(t, 'DELETE', `/api/UserRelations/${cancelled.id}`, { as: a });
    expect((await put(b, cancelled.id, 'accept')).statusCode).toBe(409);
    const list = await call(t, 'GET', `/api/UserRelations?Id=${r.id}`, { as: b });
    expect(list.json()).toMatchObject([{ isAccepted: false, isRejected: true }]);
  });

  it('a relation the caller is not part of answers 404; no token 401', async () => {
    const a = await person(t);
    const b = await person(t);
    const r = await request(a, b, 0);
    const outsider = await person(t);
    expect((await put(outsider, r.id, 'accept')).statusCode).toBe(404);
    expect((await put(outsider, r.id, 'reject')).statusCode).toBe(404);
    expect((await put(null, r.id, 'accept')).statusCode).toBe(401);
    expect((await put(b, 999999, 'accept')).statusCode).toBe(404);
  });
});

describe('DELETE /api/UserRelations/{id}', () => {
  it('the initiator cancels a pending one; the receiver may not (403)', async () => {
    const a = await person(t);
    const b = await person(t);
    const r = await request(a, b, 2);
    expect((await call(t, 'DELETE', `/api/UserRelations/${r.id}`, { as: b })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/UserRelations/${r.id}`, { as: a })).statusCode).toBe(204);
  });

  it('either party deletes an accepted one, softly', async () => {
    for (const deleter of ['initiator', 'receiver'] as const) {
      const a = await person(t);
      const b = await person(t);
      const r = await request(a, b, 2);
      await put(b, r.id, 'accept');
      const as = deleter === 'initiator' ? a : b;
      expect((await call(t, 'DELETE', `/api/UserRelations/${r.id}`, { as })).statusCode).toBe(204);
      expect(idsOf(await call(t, 'GET', '/api/UserRelations', { as: a }))).toEqual([]);
      const withDeleted = await call(t, 'GET', '/api/UserRelations?IncludeDeleted=true', { as: a });
      expect(withDeleted.json()).toMatchObject([{ id: r.id, isDeleted: true }]);
      // A deleted one stays deleted.
      expect((await call(t, 'DELETE', `/api/UserRelations/${r.id}`, { as })).statusCode).toBe(403);
    }
  });

  it('a rejected one cannot be deleted (403); outsiders get 404', async () => {
    const a = await person(t);
    const b = await person(t);
    const r = await request(a, b, 2);
    await put(b, r.id, 'reject');
    expect((await call(t, 'DELETE', `/api/UserRelations/${r.id}`, { as: a })).statusCode).toBe(403);
    const outsider = await person(t);
    expect(
      (await call(t, 'DELETE', `/api/UserRelations/${r.id}`, { as: outsider })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/UserRelations', () => {
  let me: Person;
  let b: Person;
  let c: Person;
  const rel: UserRelation[] = [];
  beforeAll(async () => {
    me = await person(t);
    b = await person(t);
    c = await person(t);
    rel.push(await request(me, b, 0));
    await new Promise((resolve) => setTimeout(resolve, 5));
    rel.push(await request(c, me, 1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    rel.push(await request(me, c, 2));
    await call(t, 'DELETE', `/api/UserRelations/${rel[2]!.id}`, { as: me });
    // Relations between others never show.
    await request(b, c, 3);
  });

  it('lists only my relations, newest first, without deleted ones', async () => {
    const res = await call(t, 'GET', '/api/UserRelations', { as: me });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([rel[1]!.id, rel[0]!.id]);
  });

  it('filters by Id, UserId, IncludeDeleted; sorts; pages with Limit and Offset', async () => {
    const get = async (q: string) =>
      idsOf(await call(t, 'GET', `/api/UserRelations?${q}`, { as: me }));
    expect(await get(`Id=${rel[0]!.id}`)).toEqual([rel[0]!.id]);
    expect(await get(`userId=${c.id}&includeDeleted=true`)).toEqual([rel[2]!.id, rel[1]!.id]);
    expect(await get('IncludeDeleted=true&Sort=createTMS')).toEqual(rel.map((r) => r.id));
    expect(await get('IncludeDeleted=true&Sort=-createTMS&Limit=1&Offset=1')).toEqual([rel[1]!.id]);
    expect(await get('WithMe=true')).toEqual([rel[1]!.id, rel[0]!.id]);
  });

  it('bounds createTMS with FromTMS and ToTMS', async () => {
    const get = async (q: string) =>
      idsOf(await call(t, 'GET', `/api/UserRelations?IncludeDeleted=true&${q}`, { as: me }));
    const from = encodeURIComponent(rel[1]!.createTMS);
    expect(await get(`FromTMS=${from}`)).toEqual([rel[2]!.id, rel[1]!.id]);
    expect(await get(`ToTMS=${from}`)).toEqual([rel[1]!.id, rel[0]!.id]);
    expect(await get(`FromTMS=${from}&ToTMS=${from}`)).toEqual([rel[1]!.id]);
  });

  it('refuses bad parameters (400) and anonymous callers (401)', async () => {
    for (const q of [
      'Limit=201',
      'Limit=0',
      'Offset=-1',
      'Sort=name',
      'FromTMS=yesterday',
      'Id=x',
    ]) {
      expect((await call(t, 'GET', `/api/UserRelations?${q}`, { as: me })).statusCode, q).toBe(400);
    }
    expect((await call(t, 'GET', '/api/UserRelations')).statusCode).toBe(401);
  });
});

describe('relations decide who reads what, at once', () => {
  // The relation service keeps viewer_audiences up to date; this checks it through the API only.
  it('accepting shares with the new audience; a second type adds to it; deleting takes it away', async () => {
    const author = await person(t);
    const reader = await person(t);
    const forFriends = await writeRumination(t, author, { audiences: ['Friend'] });
    const forFamily = await writeRumination(t, author, { audiences: ['Family'] });
    const feed = async () => idsOf(await call(t, 'GET', '/api/ruminations/feed', { as: reader }));
    const byId = async (id: number) =>
      (await call(t, 'GET', `/api/ruminations/${id}`, { as: reader })).statusCode;

    const friends = await request(reader, author, 2);
    expect(await feed()).toEqual([]);
    expect(await byId(forFriends.id)).toBe(404);

    await put(author, friends.id, 'accept');
    expect(await feed()).toEqual([forFriends.id]);
    expect(await byId(forFriends.id)).toBe(200);
    expect(await byId(forFamily.id)).toBe(404);

    const family = await request(author, reader, 1);
    await put(reader, family.id, 'accept');
    expect(await feed()).toEqual([forFamily.id, forFriends.id]);

    expect(
      (await call(t, 'DELETE', `/api/UserRelations/${friends.id}`, { as: author })).statusCode,
    ).toBe(204);
    expect(await feed()).toEqual([forFamily.id]);
    expect(await byId(forFriends.id)).toBe(404);

    expect(
      (await call(t, 'DELETE', `/api/UserRelations/${family.id}`, { as: reader })).statusCode,
    ).toBe(204);
    expect(await feed()).toEqual([]);
    expect(await byId(forFamily.id)).toBe(404);
  });

  it('a rejected request shares nothing', async () => {
    const author = await person(t);
    const reader = await person(t);
    const mine = await writeRumination(t, author, { audiences: ['BestFriend'] });
    const r = await request(reader, author, 3);
    await put(author, r.id, 'reject');
    expect(idsOf(await call(t, 'GET', '/api/ruminations/feed', { as: reader }))).toEqual([]);
    expect((await call(t, 'GET', `/api/ruminations/${mine.id}`, { as: reader })).statusCode).toBe(
      404,
    );
  });
});
