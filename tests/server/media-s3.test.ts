import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sweepMedia } from '../../server/modules/media/media-sweep';
import type { Rumination } from '../../src/api/rumination-schemas';
import { multipartBody, phonePhoto } from '../support/photo-fixtures';
import { startLocalS3, type LocalS3 } from '../support/local-s3';
import { call, person, type Person } from './ruminations-support';
import { authHeader, createTestApp, type TestApp } from './support/test-app';
import { dayOneZip, importFile, myNotes } from './account-import-support';

/**
 * Photos with S3_BUCKET set (api-contract.md "Photos"): uploads and fetches through the real routes
 * against a local S3-compatible server (s3rver), the sweep erasing from the bucket, and a bucket
 * that cannot be reached answering 5xx (an outage, not a missing photo) without leaving a row.
 */

let s3: LocalS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({
    config: {
      media: {
        quotaBytes: 1024 * 1024 * 1024,
        s3: s3.settings,
        decodeConcurrency: 2,
        sweepIntervalMs: 10 * 60_000,
      },
    },
  });
}, 30_000);

afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

async function upload(app: TestApp, owner: Person) {
  const { body, contentType } = multipartBody(await phonePhoto(400, 300));
  return app.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...authHeader(owner.token), 'content-type': contentType },
    payload: body,
  });
}

async function storageKeyOf(id: number): Promise<string> {
  const row = await t.db
    .selectFrom('media')
    .select('storage_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.storage_key;
}

describe('photos in an S3-compatible bucket', () => {
  it('stores an upload as four objects, serves them to the note, and the sweep erases them', async () => {
    expect(t.app.media.storage.description).toBe(`s3://${s3.settings.bucket}`);
    const me = await person(t);
    const uploaded = await upload(t, me);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json<{ id: number }>();
    const key = await storageKeyOf(id);
    expect(s3.keys().filter((k) => k.startsWith(`${key}/`))).toEqual(
      ['photo.jpg', 'photo.webp', 'thumbnail.jpg', 'thumbnail.webp'].map((f) => `${key}/${f}`),
    );

    const created = await call(t, 'POST', '/api/ruminations', {
      as: me,
      body: { content: 'from the bucket', publish: true, media: [{ id, alt: 'a red top' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json<Rumination>();
    const [photo] = note.media;
    expect(photo).toMatchObject({ id, alt: 'a red top' });

    for (const [url, accept, type] of [
      [photo!.url, 'image/webp,*/*', 'image/webp'],
      [photo!.url, '*/*', 'image/jpeg'],
      [photo!.thumbnailUrl, 'image/webp,*/*', 'image/webp'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept, ...authHeader(me.token) },
      });
      expect(res.statusCode, `${url} ${accept}`).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      // Sideways in the phone's file (EXIF orientation 6): upright, it is taller than wide.
      expect(meta.height).toBeGreaterThan(meta.width);
    }

    expect((await call(t, 'DELETE', `/api/ruminations/${note.id}`, { as: me })).statusCode).toBe(
      204,
    );
    const erased = await call(t, 'DELETE', `/api/ruminations/${note.id}/permanent`, { as: me });
    expect(erased.statusCode).toBe(204);
    expect(await sweepMedia(t.db, t.app.media.storage)).toBeGreaterThanOrEqual(1);
    expect(s3.keys().filter((k) => k.startsWith(`${key}/`))).toEqual([]);
    const gone = await t.app.inject({
      method: 'GET',
      url: photo!.url,
      headers: authHeader(me.token),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 5xx when the bucket cannot be reached, and keeps no row of the upload', async () => {
    const down = await createTestApp({
      config: {
        media: {
          quotaBytes: 1024 * 1024 * 1024,
          s3: { ...s3.settings, endpoint: 'http://127.0.0.1:9' },
          decodeConcurrency: 2,
          sweepIntervalMs: 10 * 60_000,
        },
      },
    });
    try {
      const me = await person(down);
      const res = await upload(down, me);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(500);
      const rows = await down.db.selectFrom('media').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describe('a journal import with photos in the bucket', () => {
  it('stores the upload as an object any instance reads, and deletes it when the job ends', async () => {
    const me = await person(t);
    const zip = dayOneZip(
      [
        {
          uuid: 'S1',
          creationDate: '2021-03-04T05:06:07Z',
          text: 'By the bucket ![](dayone-moment://P)',
          photos: [{ md5: 'b1', identifier: 'P', type: 'jpeg' }],
        },
      ],
      { 'b1.jpeg': await phonePhoto(200, 150) },
    );
    const job = await importFile(t, me, zip);
    expect(job).toMatchObject({ state: 'done', imported: 1, skipped: 0 });
    const [note] = await myNotes(t, me);
    expect(note?.media).toHaveLength(1);
    expect(s3.keys().filter((key) => key.startsWith('imports/'))).toEqual([]);
  });
});
