import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Rumination } from '../../src/api/rumination-schemas';
import { IMPORT_PROBLEMS } from '../../src/domain/journal-import';
import { smallPng } from '../support/photo-fixtures';
import { testUpload } from './media-test-uploads';
import { call, person } from './ruminations-support';
import { setUpTestApp } from './support/test-app';
import { dayOneZip, importFile, myNotes, postImport, readJob } from './account-import-support';

/** POST /api/account/import (api-contract.md "Bring your journal: import"). */

const t = setUpTestApp();

describe('a Day One export', () => {
  it('imports each entry as a draft with its date, unescaped text, tags and photos', async () => {
    const me = await person(t);
    const png = await smallPng(40, 30);
    const zip = dayOneZip(
      [
        {
          uuid: 'A1',
          creationDate: '2019-06-03T16:38:10Z',
          text: 'A walk\\. Then tea \\(green\\)\\!\n\n![](dayone-moment://P1)\n\nThe end\\-',
          tags: ['Walks', 'long day'],
          photos: [{ md5: 'abc123', identifier: 'P1', type: 'png' }],
        },
        {
          uuid: 'A2',
          creationDate: '2021-01-02T08:00:00Z',
          text: 'Already #walks here',
          tags: ['walks'],
        },
      ],
      { 'abc123.png': png },
    );
    const job = await importFile(t, me, zip);
    expect(job).toMatchObject({ state: 'done', imported: 2, skipped: 0, errors: [] });
    const notes = await myNotes(t, me);
    expect(notes.map((n) => [n.createTMS, n.content, n.isPublished, n.tags])).toEqual([
      [
        '2019-06-03T16:38:10.000Z',
        'A walk. Then tea (green)!\n\nThe end-\n\n#walks #long_day',
        false,
        ['walks', 'long_day'],
      ],
      ['2021-01-02T08:00:00.000Z', 'Already #walks here', false, ['walks']],
    ]);
    expect(notes[0]?.media).toHaveLength(1);
    expect(notes[0]?.media[0]).toMatchObject({ width: 40, height: 30 });
    // Only its owner reads it.
    const other = await person(t);
    const res = await call(t, 'GET', `/api/ruminations/${notes[0]?.id}`, { as: other });
    expect(res.statusCode).toBe(404);
  });

  it('adds nothing when the same file is imported again', async () => {
    const me = await person(t);
    const zip = dayOneZip([
      { uuid: 'R1', creationDate: '2020-01-01T00:00:00Z', text: 'one' },
      { uuid: 'R2', creationDate: '2020-01-02T00:00:00Z', text: 'two' },
    ]);
    expect(await importFile(t, me, zip)).toMatchObject({ imported: 2 });
    const again = await importFile(t, me, zip);
    expect(again).toMatchObject({ state: 'done', imported: 0, skipped: 2, errors: [] });
    expect(await myNotes(t, me)).toHaveLength(2);
  });

  it('skips an entry that cannot be read, lists it, and imports the rest', async () => {
    const me = await person(t);
    const zip = dayOneZip(
      [
        { uuid: 'B1', text: 'no date' },
        { uuid: 'B2', creationDate: '2020-05-05T10:00:00Z', text: 'fine' },
        { uuid: 'B3', creationDate: '2020-05-06T10:00:00Z', text: 'x'.repeat(6000) },
        {
          uuid: 'B4',
          creationDate: '2020-05-07T10:00:00Z',
          text: 'a photo that is not there',
          photos: [{ md5: 'gone', identifier: 'G', type: 'jpeg' }],
        },
      ],
      {},
    );
    const job = await importFile(t, me, zip);
    expect(job).toMatchObject({ state: 'done', imported: 1, skipped: 3 });
    expect(job.errors).toEqual([
      { entry: 'B1', message: 'This entry has no date it was written' },
      { entry: 'B3', message: 'Content must be at most 5000 characters' },
      { entry: 'B4', message: 'Its photo photos/gone.jpeg is not in the file' },
    ]);
    expect((await myNotes(t, me)).map((n) => n.content)).toEqual(['fine']);
  });
});

describe('this app’s Markdown export', () => {
  it('round trip: another account imports my export, notes, dates, tags and photos alike', async () => {
    const me = await person(t);
    const photo = await testUpload(t, me, { width: 50, height: 20 });
    const created: Rumination[] = [];
    for (const body of [
      { content: 'First #travel note', publish: true, audiences: [] },
      { content: 'With a photo', publish: false, media: [{ id: photo.id, alt: 'the [sea]' }] },
    ]) {
      const res = await call(t, 'POST', '/api/ruminations', { as: me, body });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json<Rumination>());
    }
    const exported = await call(t, 'GET', '/api/account/export?format=markdown', { as: me });
    expect(exported.statusCode).toBe(200);

    const other = await person(t);
    const job = await importFile(t, other, Buffer.from(exported.rawPayload));
    expect(job).toMatchObject({ state: 'done', imported: 2, skipped: 0, errors: [] });
    const notes = await myNotes(t, other);
    expect(notes.map((n) => [n.content, n.createTMS, n.tags, n.isPublished])).toEqual(
      created.map((n) => [n.content, n.createTMS, n.tags, false]),
    );
    expect(notes[1]?.media.map((m) => [m.width, m.height, m.alt])).toEqual([[50, 20, 'the [sea]']]);
    // Its own export imported back into the same account adds nothing: those notes are its own.
    expect(await importFile(t, me, Buffer.from(exported.rawPayload))).toMatchObject({
      imported: 0,
      skipped: 2,
    });
    // Nor does the other account's second import.
    expect(await importFile(t, other, Buffer.from(exported.rawPayload))).toMatchObject({
      imported: 0,
    });
    expect(await myNotes(t, other)).toHaveLength(2);
  });
});

describe('files refused', () => {
  it('400 "This file is not a journal export" for a zip of something else, or no zip', async () => {
    const me = await person(t);
    for (const file of [
      Buffer.from(zipSync({ 'notes.txt': strToU8('hello') })),
      Buffer.from('not a zip at all'),
      Buffer.from(zipSync({ 'data.json': strToU8('{"people": []}') })),
    ]) {
      const res = await postImport(t, me, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ title: IMPORT_PROBLEMS.notJournal.title });
    }
  });

  it('refuses a zip with a path outside the export, whole', async () => {
    const me = await person(t);
    for (const name of ['../../etc/passwd', '/etc/passwd', 'photos/../../x.jpeg']) {
      const zip = Buffer.from(
        zipSync({
          'Journal.json': strToU8(JSON.stringify({ entries: [] })),
          [name]: strToU8('root:x:0:0'),
        }),
      );
      const res = await postImport(t, me, zip);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ title: IMPORT_PROBLEMS.unsafePath.title, detail: name });
    }
  });

  it('refuses a bomb its central directory shows (400), and one only inflating shows (failed)', async () => {
    const me = await person(t);
    const journal = strToU8(
      JSON.stringify({
        entries: [
          {
            uuid: 'Z1',
            creationDate: '2020-01-01T00:00:00Z',
            text: 'bomb',
            photos: [{ md5: 'bomb', identifier: 'Z', type: 'png' }],
          },
        ],
      }),
    );
    const declared = Buffer.from(
      zipSync({ 'Journal.json': journal, 'photos/big.png': new Uint8Array(20 * 1024 * 1024) }),
    );
    const res = await postImport(t, me, declared);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ title: IMPORT_PROBLEMS.bomb.title });

    // A photo whose headers say 100 bytes, and which inflates to 100,000.
    const lying = Buffer.from(
      zipSync({ 'Journal.json': journal, 'photos/bomb.png': new Uint8Array(100_000) }),
    );
    declareSize(lying, 'photos/bomb.png', 100);
    const job = await importFile(t, me, lying);
    expect(job.state).toBe('failed');
    expect(job.errors.at(-1)?.entry).toBe('photos/bomb.png');
    expect(job.errors.at(-1)?.message).toMatch(/expands to more than the zip says/);
    expect(await myNotes(t, me)).toEqual([]);
  });
});

describe('a journal that breaks after it started as one', () => {
  it('fails the job with the reason, and stores nothing', async () => {
    const me = await person(t);
    const zip = Buffer.from(
      zipSync({ 'Journal.json': strToU8('{"metadata": {}, "entries": [{"uuid": "X", ') }),
    );
    const job = await importFile(t, me, zip);
    expect(job).toMatchObject({
      state: 'failed',
      imported: 0,
      errors: [{ entry: 'Journal.json', message: IMPORT_PROBLEMS.notJournal.title }],
    });
    expect(await myNotes(t, me)).toEqual([]);
  });
});

describe('GET /api/account/import/{id}', () => {
  it('POST needs a signed-in caller who accepted the terms; GET a signed-in one', async () => {
    const pending = await person(t, { acceptTerms: false });
    expect((await postImport(t, pending, dayOneZip([]))).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/account/import/1')).statusCode).toBe(401);
  });

  it('404 for someone else’s job, as for a missing one', async () => {
    const me = await person(t);
    const res = await postImport(t, me, dayOneZip([]));
    const { id } = res.json<{ id: number }>();
    await t.app.imports.settled();
    expect((await readJob(t, me, id)).state).toBe('done');
    const other = await person(t);
    for (const url of [`/api/account/import/${id}`, '/api/account/import/999999']) {
      const read = await call(t, 'GET', url, { as: other });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ title: IMPORT_PROBLEMS.notFound.title });
    }
  });
});

/** Rewrites an entry's declared inflated size in its local header and central directory. */
function declareSize(zip: Buffer, name: string, size: number): void {
  for (let at = 0; at < zip.length - 4; at++) {
    const signature = zip.readUInt32LE(at);
    if (signature === 0x04034b50 && zip.toString('utf8', at + 30, at + 30 + name.length) === name) {
      zip.writeUInt32LE(size, at + 22);
    }
    if (signature === 0x02014b50 && zip.toString('utf8', at + 46, at + 46 + name.length) === name) {
      zip.writeUInt32LE(size, at + 24);
    }
  }
}
