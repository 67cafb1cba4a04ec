import { beforeAll, describe, expect, it } from 'vitest';
import type { Rumination } from '../../src/api/rumination-schemas';
import { TOS_REQUIRED_TITLE } from '../../src/api/terms-schemas';
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

const t = setUpTestApp();

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /api/ruminations', () => {
  it('creates a published rumination with audiences given by name or number', async () => {
    const me = await person(t);
    const res = await call(t, 'POST', '/api/ruminations', {
      as: me,
      body: { content: '  A thought  ', audiences: ['Friend', 5, 'Friend'], publish: true },
    });
    expect(res.statusCode).toBe(201);
    const r = res.json<Rumination>();
    expect(r).toEqual({
      id: expect.any(Number),
      content: 'A thought',
      createdBy: { id: me.id, username: me.username, displayName: me.username },
      createTMS: expect.stringMatching(ISO),
      updateTMS: expect.stringMatching(ISO),
      isPublished: true,
      audiences: [{ relationType: 2 }, { relationType: 5 }],
      commentCount: 0,
      version: 1,
      media: [],
      reactions: [],
      tags: [],
    });
  });

  it('saves a draft when publish is false, public when audiences are omitted', async () => {
    const me = await person(t);
    const draft = await writeRumination(t, me, { publish: false });
    expect(draft.isPublished).toBe(false);
    expect(draft.audiences).toEqual([]);
  });

  it('refuses blank or too long content, and a missing publish flag, with 400', async () => {
    const me = await person(t);
    for (const body of [
      { content: '   ', publish: true },
      { content: 'x'.repeat(5001), publish: true },
      { content: 'fine' },
      { content: 'fine', publish: true, audiences: ['Enemy'] },
    ]) {
      const res = await call(t, 'POST', '/api/ruminations', { as: me, body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, errors: expect.any(Object) });
    }
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my', { as: me }))).toEqual([]);
  });

  it('needs a token (401) and accepted terms (403)', async () => {
    const body = { content: 'x', publish: true };
    expect((await call(t, 'POST', '/api/ruminations', { body })).statusCode).toBe(401);
    const newcomer = await person(t, { acceptTerms: false });
    const res = await call(t, 'POST', '/api/ruminations', { as: newcomer, body });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ title: TOS_REQUIRED_TITLE });
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my', { as: newcomer }))).toEqual([]);
  });
});

describe('GET /api/ruminations/my', () => {
  let me: Person;
  let published: Rumination[];
  let drafts: Rumination[];
  beforeAll(async () => {
    me = await person(t);
    published = [];
    drafts = [];
    for (let i = 0; i < 3; i++) {
      published.push(await writeRumination(t, me, { audiences: i === 0 ? ['Family'] : [] }));
      drafts.push(await writeRumination(t, me, { publish: false }));
    }
    // Someone else's public rumination never shows in my list.
    await writeRumination(t, await person(t));
  });

  const desc = (list: Rumination[]) => list.map((r) => r.id).sort((a, b) => b - a);

  it('lists all my own, newest first; isPublic=true published only, false drafts only', async () => {
    const all = await call(t, 'GET', '/api/ruminations/my', { as: me });
    expect(all.statusCode).toBe(200);
    expect(idsOf(all)).toEqual(desc([...published, ...drafts]));
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my?isPublic=true', { as: me }))).toEqual(
      desc(published),
    );
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my?isPublic=false', { as: me }))).toEqual(
      desc(drafts),
    );
  });

  it('matches query names ignoring case', async () => {
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my?IsPublic=FALSE', { as: me }))).toEqual(
      desc(drafts),
    );
  });

  it('pages with Limit and BeforeId; a short page is the last', async () => {
    const all = desc([...published, ...drafts]);
    const first = idsOf(await call(t, 'GET', '/api/ruminations/my?Limit=4', { as: me }));
    expect(first).toEqual(all.slice(0, 4));
    const second = idsOf(
      await call(t, 'GET', `/api/ruminations/my?limit=4&beforeId=${first[3]}`, { as: me }),
    );
    expect(second).toEqual(all.slice(4));
  });

  it('needs a token', async () => {
    expect((await call(t, 'GET', '/api/ruminations/my')).statusCode).toBe(401);
  });

  it('returns 20 by default and refuses Limit over 100', async () => {
    const prolific = await person(t);
    for (let i = 0; i < 21; i++) await writeRumination(t, prolific, { publish: false });
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my', { as: prolific }))).toHaveLength(20);
    expect(
      idsOf(await call(t, 'GET', '/api/ruminations/my?Limit=100', { as: prolific })),
    ).toHaveLength(21);
    const res = await call(t, 'GET', '/api/ruminations/my?Limit=101', { as: prolific });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/ruminations/feed', () => {
  let me: Person;
  let friend: Person;
  let stranger: Person;
  let pendingUser: Person;
  const made: Record<string, Rumination> = {};
  beforeAll(async () => {
    me = await person(t);
    friend = await person(t);
    stranger = await person(t);
    pendingUser = await person(t);
    await relation(t.db, friend, me, 2, 'accepted');
    await relation(t.db, me, pendingUser, 2, 'pending');
    made['friendPublic'] = await writeRumination(t, friend);
    made['friendFriends'] = await writeRumination(t, friend, { audiences: ['Friend'] });
    made['friendFamily'] = await writeRumination(t, friend, { audiences: ['Family'] });
    made['friendDraft'] = await writeRumination(t, friend, { publish: false });
    made['strangerPublic'] = await writeRumination(t, stranger);
    made['pendingPublic'] = await writeRumination(t, pendingUser);
    made['mine'] = await writeRumination(t, me);
  });

  it('holds published ruminations of related users that I may read, newest first', async () => {
    const res = await call(t, 'GET', '/api/ruminations/feed', { as: me });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([made['friendFriends']!.id, made['friendPublic']!.id]);
  });

  it('isPublic=true keeps public ones only; UserId narrows to one author', async () => {
    expect(idsOf(await call(t, 'GET', '/api/ruminations/feed?isPublic=true', { as: me }))).toEqual([
      made['friendPublic']!.id,
    ]);
    expect(
      idsOf(await call(t, 'GET', `/api/ruminations/feed?userid=${friend.id}`, { as: me })),
    ).toHaveLength(2);
    expect(
      idsOf(await call(t, 'GET', `/api/ruminations/feed?UserId=${stranger.id}`, { as: me })),
    ).toEqual([]);
    expect(
      idsOf(await call(t, 'GET', `/api/ruminations/feed?UserId=${me.id}`, { as: me })),
    ).toEqual([]);
  });

  it('pages with BeforeId', async () => {
    const page = await call(
      t,
      'GET',
      `/api/ruminations/feed?Limit=1&BeforeId=${made['friendFriends']!.id}`,
      { as: me },
    );
    expect(idsOf(page)).toEqual([made['friendPublic']!.id]);
  });

  it('needs a token', async () => {
    expect((await call(t, 'GET', '/api/ruminations/feed')).statusCode).toBe(401);
  });
});

describe('GET /api/ruminations/public', () => {
  let author: Person;
  let family: Person;
  let pub: Rumination;
  let fam: Rumination;
  beforeAll(async () => {
    author = await person(t);
    family = await person(t);
    await relation(t.db, author, family, 1, 'accepted');
    pub = await writeRumination(t, author);
    fam = await writeRumination(t, author, { audiences: ['Family'] });
    await writeRumination(t, author, { publish: false });
  });

  it('without UserId: public ruminations of everyone, for anyone', async () => {
    const anonymous = idsOf(await call(t, 'GET', '/api/ruminations/public?Limit=100'));
    expect(anonymous[0]).toBe(pub.id);
    expect(anonymous).not.toContain(fam.id);
    const asFamily = idsOf(
      await call(t, 'GET', '/api/ruminations/public?Limit=100&isPublic=false', { as: family }),
    );
    expect(asFamily).toContain(pub.id);
    expect(asFamily).not.toContain(fam.id);
  });

  it('with UserId: every published one the caller may read, or public only', async () => {
    const url = `/api/ruminations/public?UserId=${author.id}`;
    expect(idsOf(await call(t, 'GET', url, { as: family }))).toEqual([fam.id, pub.id]);
    expect(idsOf(await call(t, 'GET', `${url}&isPublic=false`, { as: family }))).toEqual([
      fam.id,
      pub.id,
    ]);
    expect(idsOf(await call(t, 'GET', `${url}&isPublic=true`, { as: family }))).toEqual([pub.id]);
    expect(idsOf(await call(t, 'GET', `${url}&isPublic=false`))).toEqual([pub.id]);
    expect(idsOf(await call(t, 'GET', `${url}&isPublic=false`, { as: await person(t) }))).toEqual([
      pub.id,
    ]);
    // The author's own profile shows published ones only, not drafts.
    expect(idsOf(await call(t, 'GET', url, { as: author }))).toEqual([fam.id, pub.id]);
  });
});

describe('GET /api/ruminations/{id}', () => {
  it('returns a visible one and 404 for hidden and unknown ones alike', async () => {
    const author = await person(t);
    const pub = await writeRumination(t, author);
    const draft = await writeRumination(t, author, { publish: false });
    const ok = await call(t, 'GET', `/api/ruminations/${pub.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(pub);
    const hidden = await call(t, 'GET', `/api/ruminations/${draft.id}`, { as: await person(t) });
    const unknown = await call(t, 'GET', '/api/ruminations/999999');
    expect(hidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.json()).toEqual(unknown.json());
  });
});

describe('PUT /api/ruminations/{id}', () => {
  it('replaces content, audiences and published state, and moves updateTMS', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me, { audiences: ['Friend'], publish: false });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: { content: 'rewritten', audiences: ['Partner', 'Family'], publish: true },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<Rumination>();
    expect(updated).toMatchObject({
      id: r.id,
      content: 'rewritten',
      isPublished: true,
      audiences: [{ relationType: 1 }, { relationType: 4 }],
      createTMS: r.createTMS,
    });
    expect(updated.updateTMS > r.updateTMS).toBe(true);
    const cleared = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: { content: 'public now', publish: true },
    });
    expect(cleared.json<Rumination>().audiences).toEqual([]);
    expect((await call(t, 'GET', `/api/ruminations/${r.id}`)).statusCode).toBe(200);
  });

  it("is the author's alone: 403 for one who can see it, 404 for one who cannot", async () => {
    const me = await person(t);
    const reader = await person(t);
    const pub = await writeRumination(t, me, { content: 'original' });
    const draft = await writeRumination(t, me, { content: 'original', publish: false });
    const body = { content: 'hijacked', publish: true };
    expect(
      (await call(t, 'PUT', `/api/ruminations/${pub.id}`, { as: reader, body })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'PUT', `/api/ruminations/${draft.id}`, { as: reader, body })).statusCode,
    ).toBe(404);
    expect((await call(t, 'PUT', `/api/ruminations/${pub.id}`, { body })).statusCode).toBe(401);
    const mine = await call(t, 'GET', '/api/ruminations/my', { as: me });
    expect(mine.json<Rumination[]>().map((r) => r.content)).toEqual(['original', 'original']);
  });
});

describe('DELETE /api/ruminations/{id}', () => {
  it('takes the rumination and its comments out of sight (204; they wait in the trash)', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    const top = await insertComment(t.db, me, r.id);
    await insertComment(t.db, me, r.id, top);
    const res = await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as: me });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/comments/rumination/${r.id}`, { as: me })).statusCode).toBe(
      404,
    );
    expect((await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as: me })).statusCode).toBe(404);
  });

  it("is the author's alone and needs accepted terms", async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    expect(
      (await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as: await person(t) })).statusCode,
    ).toBe(403);
    expect((await call(t, 'DELETE', `/api/ruminations/${r.id}`)).statusCode).toBe(401);
    await t.db.deleteFrom('terms_acceptances').where('user_id', '=', me.id).execute();
    const res = await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as: me });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ title: TOS_REQUIRED_TITLE });
    expect((await call(t, 'GET', `/api/ruminations/${r.id}`)).statusCode).toBe(200);
  });
});

describe('commentCount', () => {
  it('counts comments and replies that are not deleted, on every list and on one rumination', async () => {
    const author = await person(t);
    const friend = await person(t);
    await relation(t.db, friend, author, 2, 'accepted');
    const counted = await writeRumination(t, author, { audiences: ['Friend'] });
    const quiet = await writeRumination(t, author, { audiences: ['Friend'] });
    const publicOne = await writeRumination(t, author);
    const comment = async (body: Record<string, unknown>) => {
      const res = await call(t, 'POST', '/api/comments', { as: friend, body });
      return res.json<{ id: number }>().id;
    };
    const first = await comment({ content: 'one', ruminationId: counted.id });
    await comment({ content: 'two', parentCommentId: first });
    const gone = await comment({ content: 'three', ruminationId: counted.id });
    await call(t, 'DELETE', `/api/comments/${gone}`, { as: friend });
    await comment({ content: 'elsewhere', ruminationId: publicOne.id });

    const countsIn = (res: { json: <T>() => T }) =>
      new Map(res.json<Rumination[]>().map((r) => [r.id, r.commentCount]));
    for (const [path, as] of [
      ['/api/ruminations/my', author],
      ['/api/ruminations/feed', friend],
      [`/api/ruminations/public?UserId=${author.id}&isPublic=false`, friend],
    ] as const) {
      const counts = countsIn(await call(t, 'GET', path, { as }));
      expect(counts.get(counted.id), path).toBe(2);
      expect(counts.get(quiet.id), path).toBe(0);
      expect(counts.get(publicOne.id), path).toBe(1);
    }
    expect(countsIn(await call(t, 'GET', '/api/ruminations/public')).get(publicOne.id)).toBe(1);
    const one = await call(t, 'GET', `/api/ruminations/${counted.id}`, { as: friend });
    expect(one.json<Rumination>().commentCount).toBe(2);
  });
});
