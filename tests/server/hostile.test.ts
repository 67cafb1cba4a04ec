import { beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/comment-schemas';
import type { UserRelation } from '../../src/api/relation-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { setUpTestApp } from './support/test-app';
import { call, person, writeRumination, type Person } from './ruminations-support';

/**
 * Hostile and careless input: never a 5xx, always problem details, and nothing changes that the
 * caller may not change. Client-owned fields only; everything else in a body is ignored.
 */

const t = setUpTestApp();
let me: Person;
let other: Person;
let mine: Rumination;
let theirs: Rumination;
let comment: Comment;

beforeAll(async () => {
  me = await person(t);
  other = await person(t);
  mine = await writeRumination(t, me, { content: 'mine' });
  theirs = await writeRumination(t, other, { content: 'theirs' });
  const res = await call(t, 'POST', '/api/comments', {
    as: me,
    body: { content: 'a comment', ruminationId: mine.id },
  });
  comment = res.json<Comment>();
});

/** Every row of every table this module owns, to show that refused calls changed nothing. */
async function everything() {
  return {
    ruminations: await t.db.selectFrom('ruminations').selectAll().orderBy('id').execute(),
    comments: await t.db.selectFrom('comments').selectAll().orderBy('id').execute(),
    relations: await t.db.selectFrom('user_relations').selectAll().orderBy('id').execute(),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function raw(
  method: Method,
  url: string,
  payload?: string,
  contentType = 'application/json',
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${me.token}`, 'content-type': contentType },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('bodies that are not what they claim', () => {
  const writes: [Method, () => string][] = [
    ['POST', () => '/api/ruminations'],
    ['PUT', () => `/api/ruminations/${mine.id}`],
    ['POST', () => '/api/comments'],
    ['PUT', () => `/api/comments/${comment.id}`],
    ['POST', () => '/api/UserRelations'],
  ];
  const junk = ['{', '{"content": "x",}', 'null', '[]', '"text"', '42', 'true', '{"a":1}{"b":2}'];

  it.each(writes)(
    '%s %s: malformed or wrong JSON answers 400 and changes nothing',
    async (method, url) => {
      const before = await everything();
      for (const payload of junk) {
        const res = await raw(method, url(), payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status: 400, title: expect.any(String) });
      }
      expect(await everything()).toEqual(before);
    },
  );

  it('bodies over 64 KiB answer 413', async () => {
    const before = await everything();
    const big = JSON.stringify({ content: 'x'.repeat(70 * 1024), publish: true });
    expect((await raw('POST', '/api/ruminations', big)).statusCode).toBe(413);
    expect((await raw('PUT', `/api/ruminations/${mine.id}`, big)).statusCode).toBe(413);
    const bigComment = JSON.stringify({ content: 'x'.repeat(70 * 1024), ruminationId: mine.id });
    expect((await raw('POST', '/api/comments', bigComment)).statusCode).toBe(413);
    expect(await everything()).toEqual(before);
  });

  it('other content types are refused with a 4xx', async () => {
    const res = await raw('POST', '/api/ruminations', 'content=x&publish=true', 'text/plain');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('an empty body with Content-Type: application/json is fine where no body is taken', async () => {
    const r = await writeRumination(t, me);
    expect((await raw('DELETE', `/api/ruminations/${r.id}`, '')).statusCode).toBe(204);
    const created = await call(t, 'POST', '/api/UserRelations', {
      as: other,
      body: { userId: me.id, relationType: 0 },
    });
    const id = created.json<UserRelation>().id;
    expect((await raw('PUT', `/api/UserRelations/${id}/accept`, '')).statusCode).toBe(200);
    expect((await raw('DELETE', `/api/UserRelations/${id}`, '')).statusCode).toBe(204);
  });
});

describe('wrong types and impossible values', () => {
  const cases: [string, Method, () => string, () => unknown][] = [
    ['content as number', 'POST', () => '/api/ruminations', () => ({ content: 5, publish: true })],
    [
      'publish as string',
      'POST',
      () => '/api/ruminations',
      () => ({ content: 'x', publish: 'yes' }),
    ],
    [
      'audiences as string',
      'POST',
      () => '/api/ruminations',
      () => ({ content: 'x', publish: true, audiences: 'Friend' }),
    ],
    [
      'audience objects',
      'POST',
      () => '/api/ruminations',
      () => ({ content: 'x', publish: true, audiences: [{}] }),
    ],
    [
      'audience 6',
      'POST',
      () => '/api/ruminations',
      () => ({ content: 'x', publish: true, audiences: [6] }),
    ],
    [
      'audience -1',
      'POST',
      () => '/api/ruminations',
      () => ({ content: 'x', publish: true, audiences: [-1] }),
    ],
    [
      'many audiences',
      'POST',
      () => '/api/ruminations',
      () => ({ content: 'x', publish: true, audiences: Array(1000).fill(1) }),
    ],
    [
      'ruminationId true',
      'POST',
      () => '/api/comments',
      () => ({ content: 'x', ruminationId: true }),
    ],
    [
      'ruminationId negative',
      'POST',
      () => '/api/comments',
      () => ({ content: 'x', ruminationId: -3 }),
    ],
    [
      'ruminationId huge',
      'POST',
      () => '/api/comments',
      () => ({ content: 'x', ruminationId: 1e308 }),
    ],
    [
      'ruminationId unsafe',
      'POST',
      () => '/api/comments',
      () => ({ content: 'x', ruminationId: 2 ** 53 + 2 }),
    ],
    [
      'ruminationId fraction',
      'POST',
      () => '/api/comments',
      () => ({ content: 'x', ruminationId: 1.5 }),
    ],
    [
      'ruminationId digits too many',
      'POST',
      () => '/api/comments',
      () => ({ content: 'x', ruminationId: '99999999999999999999' }),
    ],
    [
      'parentCommentId text',
      'POST',
      () => '/api/comments',
      () => ({ content: 'x', parentCommentId: 'abc' }),
    ],
    [
      'comment id null',
      'PUT',
      () => `/api/comments/${comment.id}`,
      () => ({ id: null, content: 'x' }),
    ],
    [
      'comment content object',
      'PUT',
      () => `/api/comments/${comment.id}`,
      () => ({ id: comment.id, content: {} }),
    ],
    [
      'userId list',
      'POST',
      () => '/api/UserRelations',
      () => ({ userId: [other.id], relationType: 1 }),
    ],
    [
      'relationType fraction',
      'POST',
      () => '/api/UserRelations',
      () => ({ userId: other.id, relationType: 2.5 }),
    ],
    [
      'relationType name',
      'POST',
      () => '/api/UserRelations',
      () => ({ userId: other.id, relationType: 'Friend' }),
    ],
    [
      'relationType huge',
      'POST',
      () => '/api/UserRelations',
      () => ({ userId: other.id, relationType: 1e30 }),
    ],
  ];

  it.each(cases)('%s answers 400 and changes nothing', async (_name, method, url, body) => {
    const before = await everything();
    const res = await call(t, method, url(), { as: me, body: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: expect.any(Object) });
    expect(await everything()).toEqual(before);
  });

  it('NUL characters in content are refused, not stored', async () => {
    const before = await everything();
    for (const [method, url, body] of [
      ['POST', '/api/ruminations', { content: 'a\u0000b', publish: true }],
      ['PUT', `/api/ruminations/${mine.id}`, { content: 'a\u0000b', publish: true }],
      ['POST', '/api/comments', { content: 'a\u0000b', ruminationId: mine.id }],
      ['PUT', `/api/comments/${comment.id}`, { id: comment.id, content: 'a\u0000b' }],
    ] as const) {
      expect((await call(t, method, url, { as: me, body })).statusCode).toBe(400);
    }
    expect(await everything()).toEqual(before);
  });
});

describe('ids and query parameters that are not ids', () => {
  const badIds = [
    '-1',
    '0',
    'abc',
    '1.5',
    '1e3',
    '99999999999',
    '2147483648',
    '%20',
    '1%3Bdrop',
    '0x10',
  ];
  const paths = [
    (id: string) => `/api/ruminations/${id}`,
    (id: string) => `/api/comments/rumination/${id}`,
    (id: string) => `/api/comments/comment/${id}/replies`,
    (id: string) => `/api/users/${id}`,
  ];

  it.each(badIds)('path id %s answers 400 on every read path', async (id) => {
    for (const path of paths) {
      const res = await call(t, 'GET', path(id), { as: me });
      expect(res.statusCode, path(id)).toBe(400);
    }
    for (const [method, url] of [
      ['PUT', `/api/ruminations/${id}`],
      ['DELETE', `/api/ruminations/${id}`],
      ['DELETE', `/api/comments/${id}`],
      ['PUT', `/api/UserRelations/${id}/accept`],
      ['DELETE', `/api/UserRelations/${id}`],
    ] as const) {
      const res = await call(t, method, url, {
        as: me,
        body: { content: 'x', publish: true, id: 1 },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
    }
  });

  const badQueries = [
    'Limit=abc',
    'Limit=0',
    'Limit=-5',
    'Limit=1e309',
    'Limit=101',
    'BeforeId=0',
    'BeforeId=-1',
    'BeforeId=99999999999999999999',
    'isPublic=maybe',
    'UserId=abc',
    'UserId=-2',
    'Limit=1&Limit=2',
  ];
  it.each(badQueries)('?%s answers 400 on every rumination list', async (q) => {
    for (const list of ['my', 'feed', 'public']) {
      const res = await call(t, 'GET', `/api/ruminations/${list}?${q}`, { as: me });
      expect(res.statusCode, `${list}?${q}`).toBe(400);
    }
  });

  it('unknown query parameters are ignored', async () => {
    const res = await call(t, 'GET', '/api/ruminations/my?foo=bar&__proto__=1', { as: me });
    expect(res.statusCode).toBe(200);
  });
});

describe('fields a client may not set', () => {
  it("a rumination is always the caller's, with server ids and times", async () => {
    const res = await call(t, 'POST', '/api/ruminations', {
      as: me,
      body: {
        content: 'honest',
        publish: false,
        id: theirs.id,
        createdBy: { id: other.id, username: other.username },
        authorId: other.id,
        author_id: other.id,
        isPublished: true,
        createTMS: '2000-01-01T00:00:00.000Z',
        __proto__: { polluted: true },
      },
    });
    expect(res.statusCode).toBe(201);
    const r = res.json<Rumination>();
    expect(r.id).not.toBe(theirs.id);
    expect(r.createdBy.id).toBe(me.id);
    expect(r.isPublished).toBe(false);
    expect(r.createTMS).not.toBe('2000-01-01T00:00:00.000Z');
    const untouched = await call(t, 'GET', `/api/ruminations/${theirs.id}`, { as: other });
    expect(untouched.json()).toEqual(theirs);
  });

  it("a comment cannot be born deleted, moved, or written in someone else's name", async () => {
    const res = await call(t, 'POST', '/api/comments', {
      as: me,
      body: {
        content: 'plain',
        ruminationId: mine.id,
        isDeleted: true,
        createdBy: { id: other.id },
        author_id: other.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const c = res.json<Comment>();
    expect(c).toMatchObject({ isDeleted: false, content: 'plain', createdBy: { id: me.id } });
    const edited = await call(t, 'PUT', `/api/comments/${c.id}`, {
      as: me,
      body: {
        id: c.id,
        content: 'edited',
        ruminationId: theirs.id,
        parentCommentId: 1,
        isDeleted: true,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      ruminationId: mine.id,
      parentCommentId: null,
      isDeleted: false,
      content: 'edited',
    });
  });

  it('a relation request is always pending and initiated by the caller', async () => {
    const third = await person(t);
    const res = await call(t, 'POST', '/api/UserRelations', {
      as: me,
      body: {
        userId: third.id,
        relationType: 4,
        isAccepted: true,
        isDeleted: true,
        initiator: { id: third.id },
        receiver: { id: me.id },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<UserRelation>()).toMatchObject({
      initiator: { id: me.id },
      receiver: { id: third.id },
      isAccepted: false,
      isRejected: false,
      isDeleted: false,
    });
  });
});
