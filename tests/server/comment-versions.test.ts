import { describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/comment-schemas';
import { ifMatchOf, PRECONDITION_PROBLEMS } from '../../src/api/preconditions';
import { setUpTestApp } from './support/test-app';
import { call, person, writeRumination, type Person } from './ruminations-support';

/**
 * Comments' versions and `If-Match` (api-contract.md "Your writing is never lost"): what a client
 * sees of an edit or delete based on a version that is no longer the comment's.
 */

const t = setUpTestApp();

async function comment(
  as: Person,
  ruminationId: number,
  content = 'first words',
): Promise<Comment> {
  const res = await call(t, 'POST', '/api/comments', { as, body: { content, ruminationId } });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<Comment>();
}

/** The comment as its rumination's thread shows it now. */
async function current(as: Person, c: Comment): Promise<Comment | undefined> {
  const res = await call(t, 'GET', `/api/comments/rumination/${c.ruminationId}`, { as });
  return res.json<Comment[]>().find((x) => x.id === c.id);
}

function edit(as: Person, c: Comment, content: string, headers: Record<string, string> = {}) {
  return call(t, 'PUT', `/api/comments/${c.id}`, { as, body: { id: c.id, content }, headers });
}

function remove(as: Person, c: Comment, headers: Record<string, string> = {}) {
  return call(t, 'DELETE', `/api/comments/${c.id}`, { as, headers });
}

async function arrange(): Promise<{ author: Person; commenter: Person; c: Comment }> {
  const author = await person(t);
  const commenter = await person(t);
  const r = await writeRumination(t, author);
  return { author, commenter, c: await comment(commenter, r.id) };
}

describe('comment versions', () => {
  it('starts at 1; every edit and the delete give it the next one', async () => {
    const { commenter, c } = await arrange();
    expect(c.version).toBe(1);
    const first = await edit(commenter, c, 'second words');
    expect(first.json<Comment>()).toMatchObject({ content: 'second words', version: 2 });
    expect((await edit(commenter, c, 'third words')).json<Comment>().version).toBe(3);
    expect((await remove(commenter, c)).statusCode).toBe(204);
    expect(await current(commenter, c)).toMatchObject({ isDeleted: true, content: '', version: 4 });
  });

  it('applies an edit or delete based on the current version, or on * (200, 204)', async () => {
    const { author, commenter, c } = await arrange();
    const edited = await edit(commenter, c, 'on top of 1', ifMatchOf(1));
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Comment>()).toMatchObject({ content: 'on top of 1', version: 2 });
    const any = await edit(commenter, c, 'whatever it is', { 'If-Match': '*' });
    expect(any.json<Comment>().version).toBe(3);
    // The rumination's author moderating, based on what they saw.
    expect((await remove(author, c, ifMatchOf(3))).statusCode).toBe(204);
    expect(await current(author, c)).toMatchObject({ isDeleted: true, version: 4 });
  });

  it('answers 412 with the comment as it is now to an edit based on an older version, and changes nothing', async () => {
    const { commenter, c } = await arrange();
    await edit(commenter, c, 'from the laptop');
    const res = await edit(commenter, c, 'from the phone, offline', ifMatchOf(1));
    expect(res.statusCode).toBe(412);
    const problem = res.json<{ title: string; status: number; current: Comment }>();
    expect(problem).toMatchObject(PRECONDITION_PROBLEMS.changedElsewhere);
    expect(problem.current).toEqual(await current(commenter, c));
    expect(problem.current).toMatchObject({ content: 'from the laptop', version: 2 });
  });

  it('answers 412 with the comment to a delete based on an older version, and keeps it', async () => {
    const { author, commenter, c } = await arrange();
    await edit(commenter, c, 'changed my mind');
    const res = await remove(author, c, ifMatchOf(1));
    expect(res.statusCode).toBe(412);
    expect(res.json<{ current: Comment }>().current).toMatchObject({
      id: c.id,
      content: 'changed my mind',
      isDeleted: false,
      version: 2,
    });
    expect(await current(author, c)).toMatchObject({ isDeleted: false, version: 2 });
  });

  it('answers 400 to an If-Match that is not a quoted version or *, and changes nothing', async () => {
    const { commenter, c } = await arrange();
    for (const header of ['1', '"0"', 'W/"1"', '"1", "2"', '"x"', '']) {
      const put = await edit(commenter, c, 'never', { 'If-Match': header });
      expect(put.statusCode, header).toBe(400);
      expect(put.json()).toMatchObject({ title: PRECONDITION_PROBLEMS.malformed.title });
      expect((await remove(commenter, c, { 'If-Match': header })).statusCode, header).toBe(400);
    }
    expect(await current(commenter, c)).toMatchObject({ content: 'first words', version: 1 });
  });

  it('keeps the old answers first: 404 unseen, 403 not theirs, 409 deleted, before any 412', async () => {
    const { author, commenter, c } = await arrange();
    const stranger = await person(t);
    expect((await edit(author, c, 'not mine', ifMatchOf(9))).statusCode).toBe(403);
    await remove(commenter, c);
    expect((await edit(commenter, c, 'too late', ifMatchOf(9))).statusCode).toBe(409);
    expect((await remove(commenter, c, ifMatchOf(9))).statusCode).toBe(409);
    const res = await call(t, 'PUT', '/api/comments/999999', {
      as: stranger,
      body: { id: 999999, content: 'x' },
      headers: ifMatchOf(1),
    });
    expect(res.statusCode).toBe(404);
  });

  it('lets only one of two edits based on the same version apply; the other gets 412', async () => {
    const { commenter, c } = await arrange();
    const answers = await Promise.all(
      ['from tab one', 'from tab two'].map((text) => edit(commenter, c, text, ifMatchOf(1))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 412]);
    const winner = answers.find((a) => a.statusCode === 200)!.json<Comment>();
    const loser = answers.find((a) => a.statusCode === 412)!.json<{ current: Comment }>();
    expect(loser.current).toMatchObject({ content: winner.content, version: 2 });
    expect(await current(commenter, c)).toMatchObject({ content: winner.content, version: 2 });
  });

  it('lets only one of an edit and a moderator delete based on the same version apply', async () => {
    const { author, commenter, c } = await arrange();
    const [put, del] = await Promise.all([
      edit(commenter, c, 'rewritten', ifMatchOf(1)),
      remove(author, c, ifMatchOf(1)),
    ]);
    const now = await current(author, c);
    if (put.statusCode === 200) {
      // The delete came second: it saw version 2, or found the version moved when it wrote.
      expect(del.statusCode).toBe(412);
      expect(now).toMatchObject({ content: 'rewritten', isDeleted: false, version: 2 });
    } else {
      expect(del.statusCode).toBe(204);
      // The edit came second: the comment is deleted by then, which a moment later is 409.
      expect([409, 412]).toContain(put.statusCode);
      expect(now).toMatchObject({ content: '', isDeleted: true, version: 2 });
    }
  });

  it('without If-Match, changes whatever version is there (clients written for the spec)', async () => {
    const { commenter, c } = await arrange();
    await edit(commenter, c, 'once', ifMatchOf(1));
    const res = await edit(commenter, c, 'last write wins');
    expect(res.json<Comment>()).toMatchObject({ content: 'last write wins', version: 3 });
    expect((await remove(commenter, c)).statusCode).toBe(204);
  });
});
