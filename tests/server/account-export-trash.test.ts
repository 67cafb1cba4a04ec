import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { accountExport, type AccountExport } from '../../src/api/account-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import {
  COMMENTS_FILE_NAME,
  revisionFileName,
  ruminationFileName,
} from '../../src/domain/markdown-export';
import { REACTIONS_FILE_NAME } from '../../src/domain/markdown-export-reactions';
import { EXPORT_PAGE_SIZE } from '../../server/modules/account/export-queries';
import { setUpTestApp } from './support/test-app';
import { call, person, relation, writeRumination, type Person } from './ruminations-support';

/**
 * The account export and versions (api-contract.md "Your writing is never lost"): the JSON holds
 * `revisions` of the caller's notes, the zip holds them as history/ files, and a note in the trash
 * is in neither, with its revisions and every comment on it, until it is restored.
 */

const t = setUpTestApp();

async function jsonExportOf(as: Person): Promise<AccountExport> {
  const res = await call(t, 'GET', '/api/account/export?format=json', { as });
  expect(res.statusCode).toBe(200);
  return accountExport.parse(JSON.parse(res.body));
}

async function zipExportOf(as: Person): Promise<Record<string, string>> {
  const res = await call(t, 'GET', '/api/account/export?format=markdown', { as });
  expect(res.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

async function edit(
  as: Person,
  r: Rumination,
  body: { content: string; audiences?: number[]; publish?: boolean },
): Promise<Rumination> {
  const res = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
    as,
    body: { audiences: [], publish: true, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`edit failed: ${res.statusCode} ${res.body}`);
  return res.json<Rumination>();
}

async function commentOn(as: Person, ruminationId: number, content: string): Promise<number> {
  const res = await call(t, 'POST', '/api/comments', { as, body: { ruminationId, content } });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

async function trash(as: Person, r: Rumination): Promise<void> {
  expect((await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as })).statusCode).toBe(204);
}

async function restore(as: Person, r: Rumination): Promise<void> {
  const res = await call(t, 'POST', `/api/ruminations/${r.id}/restore`, { as });
  expect(res.statusCode).toBe(200);
}

describe('revisions in the export', () => {
  it('holds every earlier version of my notes, by note then version, and nobody else’s', async () => {
    const me = await person(t);
    const other = await person(t);
    const first = await writeRumination(t, me, { content: 'first, as written' });
    await edit(me, first, { content: 'first, reworded' });
    await edit(me, first, { content: 'first, for friends', audiences: [1] });
    const second = await writeRumination(t, me, { content: 'second', audiences: [2] });
    await edit(me, second, { content: 'second, held back', publish: false });
    const untouched = await writeRumination(t, me, { content: 'never edited' });
    const theirs = await writeRumination(t, other, { content: 'not mine, before' });
    await edit(other, theirs, { content: 'not mine, after' });

    const data = await jsonExportOf(me);
    expect(data.revisions).toEqual([
      {
        ruminationId: first.id,
        id: expect.any(Number),
        version: 1,
        content: 'first, as written',
        isPublished: true,
        audiences: [],
        savedTMS: first.updateTMS,
      },
      {
        ruminationId: first.id,
        id: expect.any(Number),
        version: 2,
        content: 'first, reworded',
        isPublished: true,
        audiences: [],
        savedTMS: expect.any(String),
      },
      {
        ruminationId: second.id,
        id: expect.any(Number),
        version: 1,
        content: 'second',
        isPublished: true,
        audiences: [{ relationType: 2 }],
        savedTMS: second.updateTMS,
      },
    ]);
    expect(data.ruminations.find((r) => r.id === untouched.id)?.version).toBe(1);
    expect(JSON.stringify(data)).not.toContain('not mine');

    const files = await zipExportOf(me);
    expect(Object.keys(files).sort()).toEqual(
      [
        COMMENTS_FILE_NAME,
        REACTIONS_FILE_NAME,
        ...data.ruminations.map((r) => ruminationFileName(r)),
        ...data.revisions.map((v) => revisionFileName(v)),
      ].sort(),
    );
    expect(files[revisionFileName({ ruminationId: second.id, version: 1 })]).toBe(
      [
        '---',
        `rumination: ${second.id}`,
        'version: 1',
        `saved: ${second.updateTMS}`,
        'published: true',
        'audiences: [Friend]',
        '---',
        '',
        'second\n',
      ].join('\n'),
    );
  });

  it('pages through a long history without losing or repeating a version', async () => {
    const me = await person(t);
    const long = await writeRumination(t, me, { content: 'edit 0' });
    const edits = EXPORT_PAGE_SIZE + 3;
    for (let i = 1; i <= edits; i += 1) await edit(me, long, { content: `edit ${i}` });
    const short = await writeRumination(t, me, { content: 'short 0' });
    await edit(me, short, { content: 'short 1' });

    const { revisions } = await jsonExportOf(me);
    expect(revisions.map((v) => [v.ruminationId, v.version])).toEqual([
      ...Array.from({ length: edits }, (_, i) => [long.id, i + 1]),
      [short.id, 1],
    ]);
    expect(revisions.map((v) => v.content).slice(-2)).toEqual([`edit ${edits - 1}`, 'short 0']);
    expect(Object.keys(await zipExportOf(me)).filter((n) => n.startsWith('history/'))).toHaveLength(
      edits + 1,
    );
  });
});

describe('a note in the trash and the export', () => {
  it('leaves out the note, its revisions and every comment on it, and holds them again once restored', async () => {
    const me = await person(t);
    const friend = await person(t);
    await relation(t.db, me, friend, 1, 'accepted');
    const mine = await writeRumination(t, me, { content: 'mine, to be trashed' });
    await edit(me, mine, { content: 'mine, edited, to be trashed' });
    const kept = await writeRumination(t, me, { content: 'mine, kept' });
    const friendsNote = await writeRumination(t, friend, { content: 'their note' });
    const myCommentOnMine = await commentOn(me, mine.id, 'my word on my note');
    const friendsCommentOnMine = await commentOn(friend, mine.id, 'their word on my note');
    const myCommentOnTheirs = await commentOn(me, friendsNote.id, 'my word on their note');

    const before = await jsonExportOf(me);
    const friendsBefore = await jsonExportOf(friend);
    const zipBefore = await zipExportOf(me);
    expect(before.revisions.map((v) => v.ruminationId)).toEqual([mine.id]);
    expect(before.commentsOnMyRuminations.map((c) => c.id)).toEqual([friendsCommentOnMine]);

    await trash(me, mine);
    await trash(friend, friendsNote);

    const during = await jsonExportOf(me);
    expect(during.ruminations.map((r) => r.id)).toEqual([kept.id]);
    expect(during.revisions).toEqual([]);
    expect(during.comments).toEqual([]);
    expect(during.commentsOnMyRuminations).toEqual([]);
    expect(JSON.stringify(during)).not.toContain('to be trashed');
    expect((await jsonExportOf(friend)).comments.map((c) => c.id)).not.toContain(
      friendsCommentOnMine,
    );
    const zipDuring = await zipExportOf(me);
    expect(Object.keys(zipDuring).sort()).toEqual(
      [COMMENTS_FILE_NAME, REACTIONS_FILE_NAME, ruminationFileName(kept)].sort(),
    );
    expect(zipDuring[COMMENTS_FILE_NAME]).not.toContain('my word');
    expect(zipDuring[COMMENTS_FILE_NAME]).not.toContain(`## Comment ${friendsCommentOnMine}`);

    await restore(me, mine);
    await restore(friend, friendsNote);

    const after = await jsonExportOf(me);
    expect({ ...after, exportedAt: before.exportedAt }).toEqual(before);
    expect(after.comments.map((c) => c.id)).toEqual([myCommentOnMine, myCommentOnTheirs]);
    expect({ ...(await jsonExportOf(friend)), exportedAt: friendsBefore.exportedAt }).toEqual(
      friendsBefore,
    );
    expect(await zipExportOf(me)).toEqual(zipBefore);
  });
});
