import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_QUOTA_MB_DEFAULT, MEDIA_UPLOAD_MAX_BYTES } from '../../src/api/limits';
import { ruminationMedia } from '../../src/api/media-schemas';
import { rumination as ruminationSchema } from '../../src/api/rumination-schemas';
import { MEDIA_NOT_YOURS, MEDIA_TWICE, MEDIA_UNREADABLE } from '../../src/domain/media-decisions';
import { hasAnyMediaFile, mediaFileDeletionsSettled } from '../../mocks/media-files';
import { getDb } from '../../mocks/store/db';
import { createMedia, createUser, publishTermsVersion } from '../../mocks/store/factories';
import {
  pngBomb,
  pngStrip,
  PHONE_MAKE,
  phonePhoto,
  smallPng,
  truncatedJpeg,
} from '../support/photo-fixtures';
import { setupMediaBackend, fetchImage, upload, uploaded, write } from './media-calls';
import { api, type Json } from './mock-backend';

setupMediaBackend();

/**
 * Photos in the mock backend (api-contract.md "Photos"), as tests/server/media*.test.ts check
 * the server: the same rules from the same shared code. Here: uploads, and the photos a note
 * takes, keeps and lets go. Decoding is sharp (tests/mocks/media-calls.ts).
 */

describe('POST /api/media', () => {
  it('stores a phone photo upright, bounded, and with no EXIF, GPS or camera make left', async () => {
    const { token } = createUser({ username: 'maya' });
    const photo = await phonePhoto(1600, 1200);
    expect(photo.includes('Exif')).toBe(true);

    const r = await upload(token, photo);
    expect(r.status).toBe(201);
    // Stored sideways 1600 × 1200 with orientation 6: upright it is portrait.
    expect(r.json).toEqual({ id: expect.any(Number), width: 1200, height: 1600 });

    const note = await write(token, { content: 'Run', publish: true, media: [{ id: r.json.id }] });
    const [media] = note.json.media as Json[];
    for (const [url, accept, type] of [
      [media.url, 'image/webp,*/*', 'image/webp'],
      [media.url, 'image/*', 'image/jpeg'],
      [media.thumbnailUrl, 'image/webp', 'image/webp'],
    ] as const) {
      const { response, bytes } = await fetchImage(url, accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe(type);
      expect(response.headers.get('Cache-Control')).toMatch(/^private/);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      for (const leak of ['Exif', PHONE_MAKE, 'GPS']) expect(bytes.includes(leak)).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    const { bytes } = await fetchImage(media.url, 'image/webp');
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    // Upright, the top is red (the left half of the sideways original).
    const { data } = await sharp(bytes)
      .extract({ left: 600, top: 10, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
    const thumb = await sharp(
      (await fetchImage(media.thumbnailUrl, 'image/webp')).bytes,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([240, 320]);
  });

  it('bounds a large photo to 2048 px on its long side', async () => {
    const { token } = createUser({ username: 'maya' });
    const big = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const r = await upload(token, big);
    expect(r.json).toEqual({ id: expect.any(Number), width: 2048, height: 1024 });
  });

  it('answers 401 without a token and 403 before the current terms are accepted', async () => {
    const png = await smallPng();
    expect((await upload(null, png)).status).toBe(401);
    const { token } = createUser({ username: 'maya' });
    publishTermsVersion('2.0');
    const r = await upload(token, png);
    expect(r.status).toBe(403);
    expect(r.json.title).toBe('Terms of Service acceptance required');
    expect(getDb().media).toEqual([]);
  });

  it('refuses what is no photo: no file 400, another type 415, over 15 MB 413', async () => {
    const { token } = createUser({ username: 'maya' });
    const noFile = await upload(token, await smallPng(), { field: 'picture' });
    expect(noFile.status).toBe(400);
    expect(noFile.json.errors).toEqual({ file: ['Choose a photo to upload'] });
    const json = await api('POST', '/api/media', { token, body: { file: 'x' } });
    expect(json.status).toBe(400);

    // The client's type says JPEG; the first bytes say text.
    const text = await upload(token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(text.status).toBe(415);
    expect(text.json.title).toBe('Photos must be JPEG, PNG, WebP, GIF or AVIF');

    const tooBig = Buffer.alloc(MEDIA_UPLOAD_MAX_BYTES + 1);
    tooBig.set([0xff, 0xd8, 0xff]);
    const big = await upload(token, tooBig);
    expect(big.status).toBe(413);
    expect(big.json.title).toBe('A photo may be at most 15 MB');
    expect(getDb().media).toEqual([]);
  });

  it('answers 400 "This image cannot be read" for a truncated JPEG and a decompression bomb', async () => {
    const { token } = createUser({ username: 'maya' });
    for (const file of [await truncatedJpeg(), pngBomb(), Buffer.from('GIF89a\x01\x00garbage')]) {
      const r = await upload(token, file);
      expect(r.status).toBe(400);
      expect(r.json.title).toBe(MEDIA_UNREADABLE);
    }
    expect(getDb().media).toEqual([]);
  });

  it('answers 400 "This image cannot be read" for a side over 16,384 px, as its header says', async () => {
    const { token } = createUser({ username: 'maya' });
    for (const [width, height] of [
      [39_000_000, 1],
      [1, 39_000_000],
      [16_385, 1],
    ] as const) {
      const r = await upload(token, pngStrip(width, height));
      expect(r.status).toBe(400);
      expect(r.json.title).toBe(MEDIA_UNREADABLE);
    }
    expect(getDb().media).toEqual([]);
  });

  it('answers 413 "Your photo storage is full" past the default quota', async () => {
    const { user, token } = createUser({ username: 'maya' });
    createMedia({ ownerId: user.id, bytes: MEDIA_QUOTA_MB_DEFAULT * 1024 * 1024 - 100 });
    const r = await upload(token, await smallPng());
    expect(r.status).toBe(413);
    expect(r.json.title).toBe('Your photo storage is full');
    expect(getDb().media).toHaveLength(1);
  });
});

describe('photos of a rumination', () => {
  it('a create takes uploads in order with alt text; reads answer them signed for the reader', async () => {
    const { token } = createUser({ username: 'maya' });
    const a = await uploaded(token);
    const b = await uploaded(token);
    const created = await write(token, {
      content: 'Two photos',
      publish: true,
      media: [
        { id: b, alt: 'The harbour' },
        { id: String(a), alt: '' },
      ],
    });
    expect(created.status).toBe(201);
    const shaped = ruminationSchema.parse(created.json);
    expect(shaped.media.map((m) => [m.id, m.alt, m.width, m.height])).toEqual([
      [b, 'The harbour', 64, 48],
      [a, '', 64, 48],
    ]);
    for (const m of shaped.media) {
      ruminationMedia.parse(m);
      expect(m.url).toMatch(
        new RegExp(`^/api/media/${m.id}/photo\\?viewer=\\d+&expires=\\d+&sig=`),
      );
      expect(m.thumbnailUrl).toBe(m.url.replace('/photo?', '/thumbnail?'));
    }
    // Anonymous readers get URLs signed for viewer 0; they load.
    const pub = await api('GET', `/api/ruminations/${shaped.id}`);
    const url = pub.json.media[0].url as string;
    expect(url).toContain('viewer=0&');
    expect((await fetchImage(url)).response.status).toBe(200);
    const list = await api('GET', '/api/ruminations/public');
    expect(list.json[0].media.map((m: Json) => m.id)).toEqual([b, a]);
  });

  it("refuses 400 on media: another's upload, an unknown id, one named twice, one another note holds, more than six", async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const mine = await uploaded(maya.token);
    const leos = await uploaded(leo.token);
    const held = await uploaded(maya.token);
    await write(maya.token, { content: 'Held', publish: true, media: [{ id: held }] });
    const cases: [Json, string][] = [
      [[{ id: leos }], MEDIA_NOT_YOURS],
      [[{ id: 999_999 }], MEDIA_NOT_YOURS],
      [[{ id: mine }, { id: mine }], MEDIA_TWICE],
      [[{ id: held }], MEDIA_NOT_YOURS],
    ];
    for (const [media, message] of cases) {
      const r = await write(maya.token, { content: 'x', publish: true, media });
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual({ media: [message] });
    }
    const seven = Array.from({ length: 7 }, () => ({ id: mine }));
    const tooMany = await write(maya.token, { content: 'x', publish: true, media: seven });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.json.errors)).toEqual(['media']);
    // Nothing was written by the refused creates.
    expect(getDb().ruminations).toHaveLength(1);
  });

  it('an update without media keeps them; with media reorders, changes alt, and erases those left out', async () => {
    const { token } = createUser({ username: 'maya' });
    const a = await uploaded(token);
    const b = await uploaded(token);
    const note = await write(token, {
      content: 'v1',
      publish: true,
      media: [{ id: a, alt: 'A' }, { id: b }],
    });
    const id = note.json.id as number;
    const kept = await write(token, { content: 'v2', publish: true }, id);
    expect(kept.status).toBe(200);
    expect(kept.json.media.map((m: Json) => [m.id, m.alt])).toEqual([
      [a, 'A'],
      [b, ''],
    ]);
    const changed = await write(
      token,
      { content: 'v3', publish: true, media: [{ id: b, alt: 'B now first' }] },
      id,
    );
    expect(changed.json.media.map((m: Json) => [m.id, m.alt])).toEqual([[b, 'B now first']]);
    await mediaFileDeletionsSettled();
    expect(getDb().media.map((m) => m.id)).toEqual([b]);
    expect(await hasAnyMediaFile(a)).toBe(false);
    expect(await hasAnyMediaFile(b)).toBe(true);
    // A released photo is gone: it cannot be attached again.
    const again = await write(token, { content: 'v4', publish: true, media: [{ id: a }] }, id);
    expect(again.status).toBe(400);
  });

  it('a refused edit (412, 403) attaches nothing', async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const a = await uploaded(maya.token);
    const note = await write(maya.token, { content: 'v1', publish: true });
    const stale = await api('PUT', `/api/ruminations/${note.json.id}`, {
      token: maya.token,
      headers: { 'If-Match': '"7"' },
      body: { content: 'v2', publish: true, media: [{ id: a }] },
    });
    expect(stale.status).toBe(412);
    expect(stale.json.current.media).toEqual([]);
    const other = await write(leo.token, { content: 'x', publish: true, media: [] }, note.json.id);
    expect(other.status).toBe(403);
    expect(getDb().media[0]?.ruminationId).toBeNull();
  });
});
