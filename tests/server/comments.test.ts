import { beforeAll, describe, expect, it } from 'vitest';
import { PostgresAdapter, sql } from 'kysely';
import type { Comment } from '../../src/api/comment-schemas';
import { TOS_REQUIRED_TITLE } from '../../src/api/terms-schemas';
import { setUpTestApp } from './support/test-app';
import { call, person, relation, writeRumination, type Person } from './ruminations-support';

const t = setUpTestApp();

async function post(as: Person, body: Record<string, unknown>): Promise<Comment> {
  const res = await call(t, 'POST', '/api/comments', { as, body });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<Comment>();
}

describe('POST /api/comments', () => {
  it('comments on a rumination and replies to a comment (201)', async () => {
    const author = await person(t);
    const reader = await person(t);
    const r = await writeRumination(t, author);
    const res = await call(t, 'POST', '/api/comments', {
      as: reader,
      body: { content: ' Nice ', ruminationId: r.id },
    });
    expect(res.statusCode).toBe(201);
    const top = res.json<Comment>();
    expect(top).toEqual({
      id: expect.any(Number),
      content: 'Nice',
      createdBy: { id: reader.id, username: reader.username, displayName: reader.username },
      createTMS: expect.any(String),
      updateTMS: expect.any(String),
      isDeleted: false,
      version: 1,
      ruminationId: r.id,
      parentCommentId: null,
      childComments: [],
    });
    // Ids may come as strings of digits.
    const reply = await post(author, { content: 'Thanks', parentCommentId: String(top.id) });
    expect(reply).toMatchObject({ ruminationId: r.id, parentCommentId: top.id });
  });

  it('takes exactly one of ruminationId or parentCommentId (400)', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    const top = await post(me, { content: 'a', ruminationId: r.id });
    for (const body of [
      { content: 'x' },
      { content: 'x', ruminationId: r.id, parentCommentId: top.id },
      { content: '  ', ruminationId: r.id },
      { content: 'x'.repeat(2001), ruminationId: r.id },
    ]) {
      expect((await call(t, 'POST', '/api/comments', { as: me, body })).statusCode).toBe(400);
    }
  });

  it('refuses drafts (409), even their author', async () => {
    const me = await person(t);
    const draft = await writeRumination(t, me, { publish: false });
    const res = await call(t, 'POST', '/api/comments', {
      as: me,
      body: { content: 'x', ruminationId: draft.id },
    });
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 for a hidden or unknown rumination or comment', async () => {
    const author = await person(t);
    const outsider = await person(t);
    const hidden = await writeRumination(t, author, { audiences: ['Partner'] });
    const hiddenComment = await post(author, { content: 'x', ruminationId: hidden.id });
    for (const body of [
      { content: 'x', ruminationId: hidden.id },
      { content: 'x', parentCommentId: hiddenComment.id },
      { content: 'x', ruminationId: 999999 },
      { content: 'x', parentCommentId: 999999 },
    ]) {
      const res = await call(t, 'POST', '/api/comments', { as: outsider, body });
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses a reply to a deleted comment (409)', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    const top = await post(me, { content: 'x', ruminationId: r.id });
    await call(t, 'DELETE', `/api/comments/${top.id}`, { as: me });
    const res = await call(t, 'POST', '/api/comments', {
      as: me,
      body: { content: 'late', parentCommentId: top.id },
    });
    expect(res.statusCode).toBe(409);
  });

  it('needs a token (401) and accepted terms (403)', async () => {
    const author = await person(t);
    const r = await writeRumination(t, author);
    const body = { content: 'x', ruminationId: r.id };
    expect((await call(t, 'POST', '/api/comments', { body })).statusCode).toBe(401);
    const res = await call(t, 'POST', '/api/comments', {
      as: await person(t, { acceptTerms: false }),
      body,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ title: TOS_REQUIRED_TITLE });
  });
});

describe('reading comments', () => {
  let author: Person;
  let reader: Person;
  let rId: number;
  let a: Comment;
  let b: Comment;
  let a1: Comment;
  let a2: Comment;
  let a1x: Comment;
  beforeAll(async () => {
    author = await person(t);
    reader = await person(t);
    await relation(t.db, author, reader, 2, 'accepted');
    rId = (await writeRumination(t, author, { audiences: ['Friend'] })).id;
    a = await post(reader, { content: 'first', ruminationId: rId });
    b = await post(author, { content: 'second', ruminationId: rId });
    a1 = await post(author, { content: 'reply 1', parentCommentId: a.id });
    a2 = await post(reader, { content: 'reply 2', parentCommentId: a.id });
    a1x = await post(reader, { content: 'deep', parentCommentId: a1.id });
  });

  it('GET /api/comments/rumination/{id}: top level oldest first with whole reply trees', async () => {
    const res = await call(t, 'GET', `/api/comments/rumination/${rId}`, { as: reader });
    expect(res.statusCode).toBe(200);
    const list = res.json<Comment[]>();
    expect(list.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(list[0]!.childComments.map((c) => c.id)).toEqual([a1.id, a2.id]);
    expect(list[0]!.childComments[0]!.childComments.map((c) => c.content)).toEqual(['deep']);
    expect(list[0]!.childComments[0]!.childComments[0]!.id).toBe(a1x.id);
  });

  it('GET /api/comments/comment/{id}/replies: direct replies, each with its subtree', async () => {
    const res = await call(t, 'GET', `/api/comments/comment/${a.id}/replies`, { as: author });
    expect(res.statusCode).toBe(200);
    const list = res.json<Comment[]>();
    expect(list.map((c) => c.id)).toEqual([a1.id, a2.id]);
    expect(list[0]!.childComments.map((c) => c.id)).toEqual([a1x.id]);
  });

  it('hides both paths (404) from whoever may not read the rumination', async () => {
    const outsider = await person(t);
    for (const as of [outsider, null]) {
      expect((await call(t, 'GET', `/api/comments/rumination/${rId}`, { as })).statusCode).toBe(
        404,
      );
      expect(
        (await call(t, 'GET', `/api/comments/comment/${a.id}/replies`, { as })).statusCode,
      ).toBe(404);
    }
    expect((await call(t, 'GET', '/api/comments/comment/999999/replies')).statusCode).toBe(404);
  });

  it('lets anonymous callers read the comments of a public rumination', async () => {
    const r = await writeRumination(t, author);
    const c = await post(reader, { content: 'hi', ruminationId: r.id });
    const res = await call(t, 'GET', `/api/comments/rumination/${r.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Comment[]>().map((x) => x.id)).toEqual([c.id]);
  });
});

describe('PUT and DELETE /api/comments/{id}', () => {
  let me: Person;
  let other: Person;
  let rId: number;
  beforeAll(async () => {
    me = await person(t);
    other = await person(t);
    rId = (await writeRumination(t, me)).id;
  });

  it('edits my comment when the ids match', async () => {
    const c = await post(me, { content: 'typo', ruminationId: rId });
    const res = await call(t, 'PUT', `/api/comments/${c.id}`, {
      as: me,
      body: { id: c.id, content: 'fixed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, content: 'fixed', isDeleted: false });
    const mismatch = await call(t, 'PUT', `/api/comments/${c.id}`, {
      as: me,
      body: { id: c.id + 1, content: 'other' },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('soft-deletes: isDeleted, content erased, replies stay; then read-only (409)', async () => {
    const c = await post(me, { content: 'secret', ruminationId: rId });
    const reply = await post(other, { content: 'answer', parentCommentId: c.id });
    const res = await call(t, 'DELETE', `/api/comments/${c.id}`, { as: me });
    expect(res.statusCode).toBe(204);
    const list = (await call(t, 'GET', `/api/comments/rumination/${rId}`)).json<Comment[]>();
    const deleted = list.find((x) => x.id === c.id);
    expect(deleted).toMatchObject({ isDeleted: true, content: '' });
    expect(deleted!.childComments.map((x) => x.id)).toEqual([reply.id]);
    const row = await t.db
      .selectFrom('comments')
      .select('content')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe('');
    expect(
      (await call(t, 'PUT', `/api/comments/${c.id}`, { as: me, body: { id: c.id, content: 'x' } }))
        .statusCode,
    ).toBe(409);
    expect((await call(t, 'DELETE', `/api/comments/${c.id}`, { as: me })).statusCode).toBe(409);
  });

  it("refuses someone else's comment (403), unknown ones (404) and anonymous callers (401)", async () => {
    const c = await post(me, { content: 'mine', ruminationId: rId });
    const body = { id: c.id, content: 'theirs' };
    expect((await call(t, 'PUT', `/api/comments/${c.id}`, { as: other, body })).statusCode).toBe(
      403,
    );
    expect((await call(t, 'DELETE', `/api/comments/${c.id}`, { as: other })).statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/comments/${c.id}`, { body })).statusCode).toBe(401);
    expect((await call(t, 'DELETE', '/api/comments/999999', { as: me })).statusCode).toBe(404);
    const list = (await call(t, 'GET', `/api/comments/rumination/${rId}`)).json<Comment[]>();
    expect(list.find((x) => x.id === c.id)).toMatchObject({ content: 'mine', isDeleted: false });
  });
});

describe("the rumination's author moderating their page", () => {
  it("deletes a stranger's comment or reply on their own rumination (soft), but may not edit it", async () => {
    const author = await person(t);
    const stranger = await person(t);
    const r = await writeRumination(t, author);
    const c = await post(stranger, { content: 'spam', ruminationId: r.id });
    const reply = await post(stranger, { content: 'more spam', parentCommentId: c.id });
    const edit = await call(t, 'PUT', `/api/comments/${c.id}`, {
      as: author,
      body: { id: c.id, content: 'rewritten' },
    });
    expect(edit.statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/comments/${reply.id}`, { as: author })).statusCode).toBe(
      204,
    );
    expect((await call(t, 'DELETE', `/api/comments/${c.id}`, { as: author })).statusCode).toBe(204);
    const list = (await call(t, 'GET', `/api/comments/rumination/${r.id}`)).json<Comment[]>();
    expect(list[0]).toMatchObject({ id: c.id, isDeleted: true, content: '' });
    expect(list[0]!.childComments[0]).toMatchObject({ id: reply.id, isDeleted: true });
  });

  it("does not reach comments on someone else's rumination (403)", async () => {
    const author = await person(t);
    const commenter = await person(t);
    const bystander = await person(t);
    const r = await writeRumination(t, author);
    const c = await post(commenter, { content: 'hello', ruminationId: r.id });
    // The bystander's own rumination gives no power over comments elsewhere.
    await writeRumination(t, bystander);
    expect((await call(t, 'DELETE', `/api/comments/${c.id}`, { as: bystander })).statusCode).toBe(
      403,
    );
  });
});

describe('a comment racing the deletion of its rumination', () => {
  // Deletes the rumination (and its comments) just before each comment insert, as a DELETE request
  // landing between the visibility check and the insert would.
  async function withRacingDelete(run: () => Promise<void>): Promise<void> {
    const postgres = t.db.getExecutor().adapter instanceof PostgresAdapter;
    const body = sql.raw(`delete from comments where rumination_id = new.rumination_id;
      delete from ruminations where id = new.rumination_id;`);
    if (postgres) {
      await sql`create function race_delete() returns trigger language plpgsql as $$
        begin ${body} return new; end $$`.execute(t.db);
      await sql`create trigger race_delete before insert on comments
        for each row execute function race_delete()`.execute(t.db);
    } else {
      await sql`create trigger race_delete before insert on comments begin ${body} end`.execute(
        t.db,
      );
    }
    try {
      await run();
    } finally {
      await sql`drop trigger race_delete${sql.raw(postgres ? ' on comments' : '')}`.execute(t.db);
      if (postgres) await sql`drop function race_delete()`.execute(t.db);
    }
  }

  it('answers 404 like a request a moment later would, never 500', async () => {
    const author = await person(t);
    const first = await writeRumination(t, author);
    const second = await writeRumination(t, author);
    const parent = await call(t, 'POST', '/api/comments', {
      as: author,
      body: { ruminationId: second.id, content: 'first' },
    });
    expect(parent.statusCode).toBe(201);
    await withRacingDelete(async () => {
      const comment = await call(t, 'POST', '/api/comments', {
        as: author,
        body: { ruminationId: first.id, content: 'too late' },
      });
      expect(comment.statusCode).toBe(404);
      expect(comment.json()).toMatchObject({ title: 'Rumination not found' });
      const reply = await call(t, 'POST', '/api/comments', {
        as: author,
        body: { parentCommentId: parent.json<Comment>().id, content: 'too late' },
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ title: 'Comment not found' });
    });
  });
});
