import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountExport, type AccountExport } from '../../src/api/account-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { ERASED_ACCOUNT_NAME } from '../../src/domain/erased-account';
import { COMMENTS_FILE_NAME, ruminationFileName } from '../../src/domain/markdown-export';
import { REACTIONS_FILE_NAME } from '../../src/domain/markdown-export-reactions';
import { eraseAccount } from '../../server/modules/account/account-erasure';
import { EXPORT_PAGE_SIZE } from '../../server/modules/account/export-queries';
import { ZipWriter } from '../../server/modules/account/export-zip';
import { setUpTestApp } from './support/test-app';
import {
  call,
  insertComment,
  person,
  relation,
  writeRumination,
  type Person,
} from './ruminations-support';

/**
 * GET /api/account/export (api-contract.md "My writing"): who may call it, its headers, that the
 * JSON holds everything of the caller's and nothing of anyone else's, and that the zip holds the
 * same notes as Markdown. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const t = setUpTestApp();
let me: Person;
let friend: Person;
let stranger: Person;
const secret = (label: string) => `SECRET-${label}-${randomBytes(6).toString('hex')}`;
/** Words of other people that the caller's export must never hold. */
const secrets: string[] = [];

const mine: { published: Rumination; shared: Rumination; draft: Rumination } = {} as never;
const myCommentIds: number[] = [];
let deletedCommentId: number;
/** Other people's comments on the caller's notes, in the export's order (by note, then comment). */
const onMine: { friendsFirst: number; friendsReply: number; erased: number; deleted: number } =
  {} as never;
let myReplyOutside: number;
let friendCommentId: number;
const FRIEND_NAME = 'José Núñez 🌻';
const myRelationIds: number[] = [];
let othersRelationId: number;

async function commentAs(
  author: Person,
  target: { ruminationId: number } | { parentCommentId: number },
  content: string,
): Promise<number> {
  const res = await call(t, 'POST', '/api/comments', { as: author, body: { ...target, content } });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  me = await person(t);
  friend = await person(t);
  stranger = await person(t);

  // Relations in every state and both directions, and one the caller is no part of.
  myRelationIds.push(await relation(t.db, me, friend, 2, 'accepted'));
  myRelationIds.push(await relation(t.db, me, stranger, 0, 'pending'));
  myRelationIds.push(await relation(t.db, stranger, me, 1, 'rejected'));
  myRelationIds.push(await relation(t.db, friend, me, 3, 'deleted'));
  othersRelationId = await relation(t.db, friend, stranger, 4, 'accepted');

  // The friend's notes: one the caller may read (Friend), one they may not (BestFriend, deleted).
  const readableSecret = secret('READABLE');
  const hiddenSecret = secret('HIDDEN');
  secrets.push(readableSecret, hiddenSecret);
  const readable = await writeRumination(t, friend, {
    content: `Friends only: ${readableSecret}`,
    audiences: ['Friend'],
  });
  await writeRumination(t, friend, { content: `Not for you: ${hiddenSecret}`, audiences: [3] });
  const friendsComment = secret('FRIENDS-COMMENT');
  secrets.push(friendsComment);
  friendCommentId = await commentAs(friend, { ruminationId: readable.id }, friendsComment);
  const named = await call(t, 'PUT', '/api/account/profile', {
    as: friend,
    body: { displayName: FRIEND_NAME, bio: '' },
  });
  expect(named.statusCode).toBe(200);

  // The caller's own notes: public, shared with two audiences, a draft.
  mine.published = await writeRumination(t, me, { content: 'First public thought, in words' });
  mine.shared = await writeRumination(t, me, {
    content: 'Shared with Friend and BestFriend\n\n## A heading\n---\nstill the note',
    audiences: ['BestFriend', 'Friend'],
  });
  mine.draft = await writeRumination(t, me, { content: 'A draft, not yet out', publish: false });

  // Other people's comments on the caller's notes: the friend's, on two notes, one of them
  // deleted; a reply to the caller; the comment of an account erased since.
  onMine.friendsFirst = await commentAs(
    friend,
    { ruminationId: mine.published.id },
    'Lovely words',
  );

  // The caller's comments: on their own note, a reply on the friend's note, a deleted one.
  myCommentIds.push(
    await commentAs(me, { ruminationId: mine.published.id }, 'My own remark\n# not a heading'),
  );
  myReplyOutside = await commentAs(me, { parentCommentId: friendCommentId }, 'My reply to you');
  myCommentIds.push(myReplyOutside);
  deletedCommentId = await commentAs(me, { ruminationId: readable.id }, 'Soon gone');
  myCommentIds.push(deletedCommentId);
  const del = await call(t, 'DELETE', `/api/comments/${deletedCommentId}`, { as: me });
  expect(del.statusCode).toBe(204);
  // A reply by the caller to the friend on the caller's own note: its parent is in the second list.
  myCommentIds.push(
    await commentAs(me, { parentCommentId: onMine.friendsFirst }, 'Thank you\n\nreally'),
  );

  onMine.friendsReply = await commentAs(
    friend,
    { parentCommentId: myCommentIds[0]! },
    'Answering your remark',
  );
  const leaver = await person(t);
  const erasedWords = secret('ERASED');
  secrets.push(erasedWords);
  onMine.erased = await commentAs(leaver, { ruminationId: mine.published.id }, erasedWords);
  await t.db.transaction().execute((trx) => eraseAccount(trx, leaver.id));
  const gone = secret('DELETED-ON-MINE');
  secrets.push(gone);
  onMine.deleted = await commentAs(friend, { ruminationId: mine.shared.id }, gone);
  expect(
    (await call(t, 'DELETE', `/api/comments/${onMine.deleted}`, { as: friend })).statusCode,
  ).toBe(204);
});

const exportOf = (as: Person | null, query: string) =>
  call(t, 'GET', `/api/account/export${query}`, { as });

async function jsonExportOf(as: Person): Promise<{ raw: string; data: AccountExport }> {
  const res = await exportOf(as, '?format=json');
  expect(res.statusCode).toBe(200);
  return { raw: res.body, data: accountExport.parse(JSON.parse(res.body)) };
}

function unzip(raw: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(raw));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

describe('who may export, and how to ask', () => {
  it('answers 401 without a token', async () => {
    const res = await exportOf(null, '?format=json');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 400 problem details for a missing or unknown format', async () => {
    for (const query of ['', '?format=', '?format=pdf', '?format=JSON']) {
      const res = await exportOf(me, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 400,
        title: 'The query parameters are invalid',
        errors: { format: [expect.any(String)] },
      });
    }
  });

  it('matches the parameter name ignoring case', async () => {
    const res = await exportOf(me, '?FORMAT=markdown');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
  });
});

describe('format=json', () => {
  it('is an attachment named after the account and the day', async () => {
    const res = await exportOf(me, '?format=json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="ruminations-${me.username}-${day}.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('holds the account, every own rumination with drafts, newest first, in the API shape', async () => {
    const { data } = await jsonExportOf(me);
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'account',
      'ruminations',
      'revisions',
      'comments',
      'commentsOnMyRuminations',
      'reactionsGiven',
      'reactionsReceived',
      'relations',
      'termsAcceptances',
    ]);
    expect(data.account).toEqual({
      id: me.id,
      username: me.username,
      displayName: me.username,
      email: `${me.username}@example.test`,
      createTMS: expect.any(String),
    });
    expect(data.ruminations.map((r) => r.id)).toEqual([
      mine.draft.id,
      mine.shared.id,
      mine.published.id,
    ]);
    // Exactly what the API answers for the note (commentCount counts live comments only).
    const one = await call(t, 'GET', `/api/ruminations/${mine.published.id}`, { as: me });
    expect(data.ruminations[2]).toEqual(one.json());
    // Live comments on it: the friend's, the caller's remark and reply, the friend's answer (the
    // erased account's comment is deleted).
    expect(data.ruminations[2]?.commentCount).toBe(4);
    expect(data.ruminations[0]).toMatchObject({ isPublished: false, content: mine.draft.content });
  });

  it('holds every own comment, deleted and on other people’s notes included, and no other', async () => {
    const { data } = await jsonExportOf(me);
    expect(data.comments.map((c) => c.id)).toEqual(myCommentIds);
    expect(data.comments.every((c) => c.createdBy.id === me.id)).toBe(true);
    const deleted = data.comments.find((c) => c.id === deletedCommentId);
    expect(deleted).toMatchObject({ isDeleted: true, content: '' });
    expect(data.comments[1]?.parentCommentId).not.toBeNull();
    expect(data.comments[0]).not.toHaveProperty('childComments');
  });

  it('holds the comments others left on the caller’s notes, by note then comment, named', async () => {
    const { data } = await jsonExportOf(me);
    expect(data.commentsOnMyRuminations.map((c) => c.id)).toEqual([
      onMine.friendsFirst,
      onMine.friendsReply,
      onMine.erased,
      onMine.deleted,
    ]);
    const [first, reply, erased, deleted] = data.commentsOnMyRuminations;
    expect(first).toEqual({
      id: onMine.friendsFirst,
      content: 'Lovely words',
      createdBy: { id: friend.id, username: friend.username, displayName: FRIEND_NAME },
      createTMS: expect.any(String),
      updateTMS: expect.any(String),
      isDeleted: false,
      ruminationId: mine.published.id,
      parentCommentId: null,
    });
    expect(reply).toMatchObject({ parentCommentId: myCommentIds[0], isDeleted: false });
    expect(erased).toMatchObject({
      createdBy: { displayName: ERASED_ACCOUNT_NAME },
      isDeleted: true,
      content: '',
    });
    expect(deleted).toMatchObject({ ruminationId: mine.shared.id, isDeleted: true, content: '' });
    // Every reply on the caller's notes finds its parent in one list or the other.
    const held = new Set([...data.comments, ...data.commentsOnMyRuminations].map((c) => c.id));
    for (const c of data.commentsOnMyRuminations) {
      if (c.parentCommentId !== null) expect(held).toContain(c.parentCommentId);
    }
  });

  it('holds every relation of the caller in every state, either direction, and no other', async () => {
    const { data } = await jsonExportOf(me);
    expect(data.relations.map((r) => r.id)).toEqual(myRelationIds);
    expect(data.relations.map((r) => r.id)).not.toContain(othersRelationId);
    const states = data.relations.map((r) => [r.isAccepted, r.isRejected, r.isDeleted]);
    expect(states).toEqual([
      [true, false, false],
      [false, false, false],
      [false, true, false],
      [true, false, true],
    ]);
    // The same items as GET /api/UserRelations gives.
    const listed = await call(t, 'GET', '/api/UserRelations?IncludeDeleted=true&Sort=createTMS', {
      as: me,
    });
    expect(data.relations).toEqual(listed.json());
  });

  it('holds the terms acceptances', async () => {
    const { data } = await jsonExportOf(me);
    expect(data.termsAcceptances).toEqual([{ version: '1.0', acceptedAt: expect.any(String) }]);
  });

  it('holds nothing of another person’s notes or comments', async () => {
    const { raw } = await jsonExportOf(me);
    for (const words of secrets) expect(raw).not.toContain(words);
  });
});

describe('format=markdown', () => {
  it('is a zip attachment of one Markdown file per own rumination and comments.md', async () => {
    const res = await exportOf(me, '?format=markdown');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="ruminations-${me.username}-\\d{4}-\\d\\d-\\d\\d\\.zip"$`),
    );
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        COMMENTS_FILE_NAME,
        REACTIONS_FILE_NAME,
        ...[mine.published, mine.shared, mine.draft].map((r) => ruminationFileName(r)),
      ].sort(),
    );
    for (const text of Object.values(files)) {
      for (const words of secrets) expect(text).not.toContain(words);
    }
  });

  it('writes front matter that reads back field by field', async () => {
    const files = unzip((await exportOf(me, '?format=markdown')).rawPayload);
    const name = ruminationFileName(mine.shared);
    expect(name).toMatch(/^\d{7}-shared-with-friend-and-bestfriend-a\.md$/);
    const text = files[name] ?? '';
    const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text);
    expect(match).not.toBeNull();
    const fields = Object.fromEntries(
      (match?.[1] ?? '').split('\n').map((line) => {
        const at = line.indexOf(': ');
        return [line.slice(0, at), line.slice(at + 2)];
      }),
    );
    expect(fields).toEqual({
      id: String(mine.shared.id),
      created: mine.shared.createTMS,
      updated: mine.shared.updateTMS,
      published: 'true',
      audiences: '[Friend, BestFriend]',
    });
    expect(match?.[2]).toBe(`${mine.shared.content}\n`);
    const draft = files[ruminationFileName(mine.draft)] ?? '';
    expect(draft).toContain('\npublished: false\n');
    expect(files[ruminationFileName(mine.published)]).toContain('\naudiences: []\n');
  });

  it('lists every own comment in comments.md, deleted ones marked', async () => {
    const files = unzip((await exportOf(me, '?format=markdown')).rawPayload);
    const comments = files[COMMENTS_FILE_NAME] ?? '';
    const [mineOnly] = comments.split('\n# Comments on my ruminations\n');
    for (const id of myCommentIds) expect(mineOnly).toContain(`\n## Comment ${id}`);
    expect(comments).toContain(`## Comment ${deletedCommentId} (deleted)`);
    expect(comments).not.toContain('Soon gone');
    // A comment's own Markdown is quoted, so it cannot start a section of the file.
    expect(comments).toContain('> My own remark\n> # not a heading');
    expect(comments).toContain(`- Rumination: ${mine.published.id}`);
  });

  it('holds in comments.md the comments on the caller’s notes, each naming its author', async () => {
    const files = unzip((await exportOf(me, '?format=markdown')).rawPayload);
    const comments = files[COMMENTS_FILE_NAME] ?? '';
    const parts = comments.split('\n# Comments on my ruminations\n');
    expect(parts).toHaveLength(2);
    const onMineMd = parts[1] ?? '';
    const sections = onMineMd.split('\n## Comment ').slice(1);
    expect(sections.map((text) => Number.parseInt(text, 10))).toEqual([
      onMine.friendsFirst,
      onMine.friendsReply,
      onMine.erased,
      onMine.deleted,
    ]);
    expect(sections[0]).toContain(`- By: ${FRIEND_NAME} (@${friend.username})\n`);
    expect(sections[0]).toContain('> Lovely words');
    expect(sections[1]).toContain(`- In reply to: comment ${myCommentIds[0]}\n`);
    expect(sections[2]).toMatch(/^\d+ \(deleted\)\n/);
    expect(sections[2]).toContain(`- By: ${ERASED_ACCOUNT_NAME}\n`);
    expect(sections[3]).toContain(`- Rumination: ${mine.shared.id}\n`);
  });

  it('has every "In reply to" point at a comment the file holds, or say it is not in it', async () => {
    const files = unzip((await exportOf(me, '?format=markdown')).rawPayload);
    const comments = files[COMMENTS_FILE_NAME] ?? '';
    const held = new Set([...comments.matchAll(/\n## Comment (\d+)/g)].map((m) => Number(m[1])));
    const replies = [...comments.matchAll(/\n- In reply to: comment (\d+)(.*)\n/g)];
    expect(replies.length).toBe(3);
    for (const [line, parent, rest] of replies) {
      if (Number(parent) === friendCommentId) {
        // My reply to the friend's comment on the friend's note: the one parent outside the file.
        expect(line).toContain(
          `comment ${friendCommentId} (not mine, on someone else's rumination: not in this file)`,
        );
      } else {
        expect(held, line).toContain(Number(parent));
        expect(rest).toBe('');
      }
    }
    expect(comments).toMatch(
      new RegExp(`## Comment ${myReplyOutside}\\n[\\s\\S]*?not in this file`),
    );
  });
});

describe('empty accounts', () => {
  it('exports empty lists and a zip with comments.md and reactions.md alone', async () => {
    const empty = await person(t);
    const { data } = await jsonExportOf(empty);
    expect(data).toMatchObject({ ruminations: [], comments: [], relations: [] });
    const files = unzip((await exportOf(empty, '?format=markdown')).rawPayload);
    expect(Object.keys(files)).toEqual([COMMENTS_FILE_NAME, REACTIONS_FILE_NAME]);
  });
});

describe('large accounts', () => {
  it('reads every page: ruminations, comments and relations past one page', async () => {
    const big = await person(t);
    const notes = EXPORT_PAGE_SIZE * 2 + 3;
    const now = new Date().toISOString();
    const rows = Array.from({ length: notes }, (_, i) => ({
      author_id: big.id,
      content: `bulk note ${i}`,
      is_published: i % 3 === 0 ? 0 : 1,
      audience_mask: i % 2 === 0 ? 0 : 1 << 2,
      create_tms: now,
      update_tms: now,
    }));
    // Several inserts: PostgreSQL takes at most 65,535 parameters in one statement.
    for (let i = 0; i < rows.length; i += 200) {
      await t.db
        .insertInto('ruminations')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const target = await writeRumination(t, big, { content: 'to comment on' });
    for (let i = 0; i < EXPORT_PAGE_SIZE + 1; i++) await insertComment(t.db, big, target.id);
    const others = await Promise.all([1, 2, 3].map(() => person(t)));
    for (const other of others) await relation(t.db, other, big, 0, 'pending');
    // Other people's comments on three notes, interleaved, past one page: a page may end inside a
    // note's comments, and the next must go on from there.
    const targets = [
      target,
      ...(await Promise.all([1, 2].map(() => writeRumination(t, big, { content: 'more' })))),
    ];
    const theirs: [number, number][] = [];
    for (let i = 0; i < EXPORT_PAGE_SIZE + 5; i++) {
      const on = targets[i % 3]!.id;
      theirs.push([on, await insertComment(t.db, others[i % 2]!, on)]);
    }
    theirs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);

    const { data } = await jsonExportOf(big);
    const ids = data.ruminations.map((r) => r.id);
    expect(ids).toHaveLength(notes + 3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(data.comments).toHaveLength(EXPORT_PAGE_SIZE + 1);
    expect(data.commentsOnMyRuminations.map((c) => [c.ruminationId, c.id])).toEqual(theirs);
    expect(data.relations).toHaveLength(3);

    const files = unzip((await exportOf(big, '?format=markdown')).rawPayload);
    // The notes with the three of the setup, comments.md and reactions.md.
    expect(Object.keys(files)).toHaveLength(notes + 5);
    expect(files[COMMENTS_FILE_NAME]?.match(/\n## Comment /g)).toHaveLength(
      EXPORT_PAGE_SIZE + 1 + theirs.length,
    );
    expect(files[COMMENTS_FILE_NAME]?.match(/\n- By: /g)).toHaveLength(theirs.length);
  });
});

describe('the zip writer', () => {
  it('writes ZIP64 end records past 65,535 files, which readers then count right', () => {
    const zip = new ZipWriter();
    const chunks: Buffer[] = [];
    const when = new Date('2026-03-04T05:06:08Z');
    const count = 65_537;
    for (let i = 0; i < count; i++) chunks.push(...zip.file(`${i}.md`, `n${i}`, when));
    chunks.push(...zip.finish());
    const archive = Buffer.concat(chunks);
    // The ZIP64 end of central directory record is there, with the true count.
    const at = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    expect(at).toBeGreaterThan(0);
    expect(archive.readBigUInt64LE(at + 32)).toBe(BigInt(count));
    const files = unzipSync(new Uint8Array(archive));
    expect(Object.keys(files)).toHaveLength(count);
    expect(strFromU8(files['65536.md'] ?? new Uint8Array())).toBe('n65536');
  });
});
