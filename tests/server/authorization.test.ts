import { beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/comment-schemas';
import type { UserRelation } from '../../src/api/relation-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import type { RelationState } from '../../src/domain/visibility';
import { setUpTestApp } from './support/test-app';
import { call, person, relation, writeRumination, type Person } from './ruminations-support';

/**
 * Every endpoint that takes an id, against the owner, people in each relation state with the owner,
 * a stranger and an anonymous caller. The owner's rumination is for Friends; only the accepted
 * friend may read it. Whoever may not read gets 404 (nothing hidden is revealed); whoever may read
 * but not change gets 403; nothing changes unless the caller may change it.
 */

const ACTORS = [
  'owner',
  'friend',
  'pending',
  'rejected',
  'deleted',
  'stranger',
  'anonymous',
] as const;
type Actor = (typeof ACTORS)[number];

const t = setUpTestApp();
let cast: Record<Exclude<Actor, 'anonymous'>, Person>;
const asActor = (a: Actor): Person | null => (a === 'anonymous' ? null : cast[a]);

beforeAll(async () => {
  const owner = await person(t);
  const others = {} as Record<Exclude<Actor, 'anonymous' | 'owner'>, Person>;
  const states: [Exclude<Actor, 'anonymous' | 'owner' | 'stranger'>, RelationState][] = [
    ['friend', 'accepted'],
    ['pending', 'pending'],
    ['rejected', 'rejected'],
    ['deleted', 'deleted'],
  ];
  for (const [name, state] of states) {
    others[name] = await person(t);
    // Friend (2) in both directions of initiative, so direction cannot be what decides.
    await relation(t.db, owner, others[name], 2, state);
    await relation(t.db, others[name], owner, 2, state);
  }
  others.stranger = await person(t);
  cast = { owner, ...others };
});

/** What each actor gets; `reader` is the answer for whoever may read but not write. */
function expected(actor: Actor, owner: number, reader: number, anonymous = 404): number {
  if (actor === 'owner') return owner;
  if (actor === 'friend') return reader;
  if (actor === 'anonymous') return anonymous;
  return 404;
}

async function world() {
  const owner = cast.owner;
  const rumination = await writeRumination(t, owner, {
    content: 'original',
    audiences: ['Friend'],
  });
  const draft = await writeRumination(t, owner, { content: 'draft', publish: false });
  const res = await call(t, 'POST', '/api/comments', {
    as: owner,
    body: { content: 'owner says', ruminationId: rumination.id },
  });
  const comment = res.json<Comment>();
  return { rumination, draft, comment };
}

type World = Awaited<ReturnType<typeof world>>;

/** The world as the owner sees it, to show that a refused call changed nothing. */
async function snapshot(w: World) {
  const as = cast.owner;
  return {
    rumination: (
      await call(t, 'GET', `/api/ruminations/${w.rumination.id}`, { as })
    ).json<Rumination>(),
    draft: (await call(t, 'GET', `/api/ruminations/${w.draft.id}`, { as })).json<Rumination>(),
    comments: (await call(t, 'GET', `/api/comments/rumination/${w.rumination.id}`, { as })).json<
      Comment[]
    >(),
  };
}

describe.each(ACTORS)('as %s', (actor) => {
  it('reads: the Friends-only rumination, its comments and replies; the draft', async () => {
    const w = await world();
    const as = asActor(actor);
    const get = async (url: string) => (await call(t, 'GET', url, { as })).statusCode;
    const readable = expected(actor, 200, 200);
    expect(await get(`/api/ruminations/${w.rumination.id}`)).toBe(readable);
    expect(await get(`/api/comments/rumination/${w.rumination.id}`)).toBe(readable);
    expect(await get(`/api/comments/comment/${w.comment.id}/replies`)).toBe(readable);
    expect(await get(`/api/ruminations/${w.draft.id}`)).toBe(expected(actor, 200, 404));
    expect(await get(`/api/comments/rumination/${w.draft.id}`)).toBe(expected(actor, 200, 404));
    expect(await get(`/api/users/${cast.owner.id}`)).toBe(200);
  });

  /** `reader` is the answer for whoever may read the rumination but not change it. */
  const writes: {
    name: string;
    method: 'POST' | 'PUT' | 'DELETE';
    url: (w: World) => string;
    body?: (w: World) => unknown;
    owner: number;
    reader: number;
  }[] = [
    {
      name: 'PUT the rumination',
      method: 'PUT',
      url: (w) => `/api/ruminations/${w.rumination.id}`,
      body: () => ({ content: 'changed', publish: true }),
      owner: 200,
      reader: 403,
    },
    {
      name: 'DELETE the rumination',
      method: 'DELETE',
      url: (w) => `/api/ruminations/${w.rumination.id}`,
      owner: 204,
      reader: 403,
    },
    {
      name: 'PUT the draft',
      method: 'PUT',
      url: (w) => `/api/ruminations/${w.draft.id}`,
      body: () => ({ content: 'changed', publish: true }),
      owner: 200,
      reader: 404,
    },
    {
      name: 'DELETE the draft',
      method: 'DELETE',
      url: (w) => `/api/ruminations/${w.draft.id}`,
      owner: 204,
      reader: 404,
    },
    {
      name: 'comment on the rumination',
      method: 'POST',
      url: () => '/api/comments',
      body: (w) => ({ content: 'hi', ruminationId: w.rumination.id }),
      owner: 201,
      reader: 201,
    },
    {
      name: 'reply to the comment',
      method: 'POST',
      url: () => '/api/comments',
      body: (w) => ({ content: 'hi', parentCommentId: w.comment.id }),
      owner: 201,
      reader: 201,
    },
    {
      name: 'comment on the draft',
      method: 'POST',
      url: () => '/api/comments',
      body: (w) => ({ content: 'hi', ruminationId: w.draft.id }),
      owner: 409,
      reader: 404,
    },
    {
      name: "PUT the owner's comment",
      method: 'PUT',
      url: (w) => `/api/comments/${w.comment.id}`,
      body: (w) => ({ id: w.comment.id, content: 'changed' }),
      owner: 200,
      reader: 403,
    },
    {
      name: "DELETE the owner's comment",
      method: 'DELETE',
      url: (w) => `/api/comments/${w.comment.id}`,
      owner: 204,
      reader: 403,
    },
  ];

  it.each(writes)('$name', async ({ method, url, body, owner, reader }) => {
    const w = await world();
    const before = await snapshot(w);
    const { statusCode: status } = await call(t, method, url(w), {
      as: asActor(actor),
      body: body?.(w),
    });
    expect(status).toBe(expected(actor, owner, reader, 401));
    const after = await snapshot(w);
    if (status >= 400) expect(after).toEqual(before);
    else expect(after).not.toEqual(before);
  });
});

describe('relations: accept, reject, delete and read by id', () => {
  const ROLES = ['initiator', 'receiver', 'stranger', 'anonymous'] as const;
  type Role = (typeof ROLES)[number];

  async function pair(state: 'pending' | 'accepted') {
    const initiator = await person(t);
    const receiver = await person(t);
    const created = await call(t, 'POST', '/api/UserRelations', {
      as: initiator,
      body: { userId: receiver.id, relationType: 3 },
    });
    const rel = created.json<UserRelation>();
    if (state === 'accepted') {
      await call(t, 'PUT', `/api/UserRelations/${rel.id}/accept`, { as: receiver });
    }
    const people: Record<Role, Person | null> = {
      initiator,
      receiver,
      stranger: cast.stranger,
      anonymous: null,
    };
    const read = async () =>
      (
        await call(t, 'GET', `/api/UserRelations?Id=${rel.id}&IncludeDeleted=true`, {
          as: initiator,
        })
      ).json<UserRelation[]>();
    return { rel, people, read };
  }

  const table: [
    string,
    'pending' | 'accepted',
    'accept' | 'reject' | 'delete',
    Record<Role, number>,
  ][] = [
    [
      'accept a pending one',
      'pending',
      'accept',
      { initiator: 403, receiver: 200, stranger: 404, anonymous: 401 },
    ],
    [
      'reject a pending one',
      'pending',
      'reject',
      { initiator: 403, receiver: 200, stranger: 404, anonymous: 401 },
    ],
    [
      'delete a pending one',
      'pending',
      'delete',
      { initiator: 204, receiver: 403, stranger: 404, anonymous: 401 },
    ],
    [
      'accept an accepted one',
      'accepted',
      'accept',
      { initiator: 403, receiver: 409, stranger: 404, anonymous: 401 },
    ],
    [
      'delete an accepted one',
      'accepted',
      'delete',
      { initiator: 204, receiver: 204, stranger: 404, anonymous: 401 },
    ],
  ];

  for (const [name, state, action, answers] of table) {
    it.each(ROLES)(`${name}, as %s`, async (role) => {
      const { rel, people, read } = await pair(state);
      const before = await read();
      const as = people[role];
      const res =
        action === 'delete'
          ? await call(t, 'DELETE', `/api/UserRelations/${rel.id}`, { as })
          : await call(t, 'PUT', `/api/UserRelations/${rel.id}/${action}`, { as });
      expect(res.statusCode).toBe(answers[role]);
      if (res.statusCode >= 400) expect(await read()).toEqual(before);
      else expect(await read()).not.toEqual(before);
    });
  }

  it('a stranger does not see the relation in any list', async () => {
    const { rel } = await pair('accepted');
    const res = await call(t, 'GET', `/api/UserRelations?Id=${rel.id}&IncludeDeleted=true`, {
      as: cast.stranger,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
