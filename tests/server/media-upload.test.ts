import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as Response } from 'fastify';
import { MEDIA_LONG_SIDE, MEDIA_THUMBNAIL_LONG_SIDE } from '../../src/api/limits';
import { signedMediaUrls, mediaUrlExpiry } from '../../src/api/media-urls';
import { MEDIA_PROBLEMS } from '../../src/domain/media-decisions';
import {
  largeJpeg,
  multipartBody,
  phonePhoto,
  PHONE_MAKE,
  pngBomb,
  pngStrip,
  smallPng,
  truncatedJpeg,
} from '../support/photo-fixtures';
import { person, type Person } from './ruminations-support';
import { authHeader, setUpTestApp, type TestApp } from './support/test-app';

/** POST /api/media (api-contract.md "Photos"): what is taken, refused and stored. */

const t = setUpTestApp();

async function upload(
  app: TestApp,
  as: Person | null,
  file: Buffer,
  options: Parameters<typeof multipartBody>[1] = {},
): Promise<Response> {
  const { body, contentType } = multipartBody(file, options);
  return app.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...(as ? authHeader(as.token) : {}), 'content-type': contentType },
    payload: body,
  });
}

async function fetchVariant(
  app: TestApp,
  owner: Person,
  id: number,
  variant: 'url' | 'thumbnailUrl',
  accept: string,
): Promise<Response> {
  const urls = await signedMediaUrls(
    id,
    owner.id,
    mediaUrlExpiry(new Date()),
    await app.app.media.signer(),
  );
  // With the owner's credentials, as their browser asks (media-credentials.test.ts).
  return app.app.inject({
    method: 'GET',
    url: urls[variant],
    headers: { accept, ...authHeader(owner.token) },
  });
}

function expectProblem(res: Response, problem: { status: number; title: string }): void {
  expect(res.statusCode, res.body).toBe(problem.status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json<{ title: string }>().title).toBe(problem.title);
}

describe('POST /api/media', () => {
  it('takes a phone photo upright, bounded, and with none of its metadata, as WebP and JPEG', async () => {
    const owner = await person(t);
    const res = await upload(t, owner, await phonePhoto(1600, 1200));
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json<{ id: number; width: number; height: number }>();
    // Stored sideways (1600 × 1200, orientation 6): upright it is portrait.
    expect(uploaded).toEqual({ id: expect.any(Number), width: 1200, height: 1600 });

    for (const [variant, longSide] of [
      ['url', MEDIA_LONG_SIDE],
      ['thumbnailUrl', MEDIA_THUMBNAIL_LONG_SIDE],
    ] as const) {
      for (const [accept, format, type] of [
        ['image/avif,image/webp,*/*', 'webp', 'image/webp'],
        ['image/png,image/*;q=0.8', 'jpeg', 'image/jpeg'],
      ] as const) {
        const got = await fetchVariant(t, owner, uploaded.id, variant, accept);
        expect(got.statusCode, got.body).toBe(200);
        expect(got.headers['content-type']).toBe(type);
        const meta = await sharp(got.rawPayload).metadata();
        expect(meta.format).toBe(format);
        expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(longSide);
        expect(meta.height).toBeGreaterThan(meta.width);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(got.rawPayload.includes(Buffer.from(PHONE_MAKE))).toBe(false);
        expect(got.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
        // Upright, the top is red (the stored file's left half).
        const { data, info } = await sharp(got.rawPayload)
          .raw()
          .toBuffer({ resolveWithObject: true });
        const middleOfTopRow = (Math.floor(info.width / 2) + 2 * info.width) * info.channels;
        expect(data[middleOfTopRow]).toBeGreaterThan(200);
        expect(data[middleOfTopRow + 2]).toBeLessThan(60);
      }
    }
  });

  it('bounds a large photo to 2048 px on its long side and its thumbnail to 320 px', async () => {
    const owner = await person(t);
    const big = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#805030' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(t, owner, big);
    expect(res.statusCode, res.body).toBe(201);
    const { id, width, height } = res.json<{ id: number; width: number; height: number }>();
    expect([width, height]).toEqual([MEDIA_LONG_SIDE, 1536]);
    const thumbnail = await fetchVariant(t, owner, id, 'thumbnailUrl', 'image/webp');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(MEDIA_THUMBNAIL_LONG_SIDE);
  });

  it('takes PNG, WebP, GIF and AVIF by their bytes, and the first frame of an animation', async () => {
    const owner = await person(t);
    const plain = () =>
      sharp({ create: { width: 300, height: 200, channels: 3, background: '#00aa00' } });
    const frame = (colour: string) =>
      sharp({ create: { width: 30, height: 40, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animation = async () =>
      sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } });
    const cases: [Buffer, number, number][] = [
      [await smallPng(64, 48), 64, 48],
      [await plain().webp().toBuffer(), 300, 200],
      [await plain().gif().toBuffer(), 300, 200],
      [await plain().avif().toBuffer(), 300, 200],
      [await (await animation()).gif().toBuffer(), 30, 40],
      [await (await animation()).webp().toBuffer(), 30, 40],
    ];
    for (const [file, width, height] of cases) {
      const res = await upload(t, owner, file, {
        filename: 'picture',
        contentType: 'application/octet-stream',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ width, height });
    }
    // An animation's first frame: red, one frame tall.
    const [animated] = cases.slice(4);
    const res = await upload(t, owner, animated![0]);
    const got = await fetchVariant(t, owner, res.json<{ id: number }>().id, 'url', 'image/webp');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(got.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('answers 413 over 15 MB, and keeps nothing of it', async () => {
    const owner = await person(t);
    const res = await upload(t, owner, await largeJpeg(15.5));
    expectProblem(res, MEDIA_PROBLEMS.tooLarge);
    const rows = await t.db
      .selectFrom('media')
      .select('id')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 415 for what is not one of the five formats, whatever its name and type say', async () => {
    const owner = await person(t);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
    );
    for (const file of [Buffer.from('just some words, not a photo'), svg, pdf]) {
      const res = await upload(t, owner, file, {
        filename: 'holiday.jpg',
        contentType: 'image/jpeg',
      });
      expectProblem(res, MEDIA_PROBLEMS.unsupportedType);
    }
  });

  it('answers 400 "This image cannot be read" for a decompression bomb and a truncated JPEG', async () => {
    const owner = await person(t);
    for (const file of [pngBomb(), await truncatedJpeg()]) {
      const res = await upload(t, owner, file);
      expectProblem(res, MEDIA_PROBLEMS.unreadable);
    }
    // The slots were given back: a good photo still goes through.
    expect((await upload(t, owner, await smallPng())).statusCode).toBe(201);
  });

  it('answers 400 "This image cannot be read" for a side over 16,384 px, from the header: a wide strip passes the pixel limit', async () => {
    const owner = await person(t);
    // 39,000,000 × 1 is under 40 megapixels; its decoding took the server to gigabytes.
    for (const [width, height] of [
      [39_000_000, 1],
      [1, 39_000_000],
      [10_000_000, 4],
      [16_385, 1],
    ] as const) {
      const res = await upload(t, owner, pngStrip(width, height));
      expectProblem(res, MEDIA_PROBLEMS.unreadable);
    }
    // At the limit it is a photo, bounded like any other.
    const edge = await upload(t, owner, pngStrip(16_384, 2));
    expect(edge.statusCode).toBe(201);
    expect(edge.json()).toMatchObject({ width: MEDIA_LONG_SIDE });
  });

  it('answers 400 without a file part, with another part name, and for bodies that are not a form', async () => {
    const owner = await person(t);
    const wrongName = await upload(t, owner, await smallPng(), { field: 'photo' });
    expectProblem(wrongName, MEDIA_PROBLEMS.noFile);

    const boundary = 'xyz';
    const fieldOnly = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: {
        ...authHeader(owner.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expectProblem(fieldOnly, MEDIA_PROBLEMS.noFile);

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: {
        ...authHeader(owner.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff`,
    });
    expect(broken.statusCode, broken.body).toBe(400);

    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...authHeader(owner.token), 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expectProblem(noBoundary, MEDIA_PROBLEMS.noFile);

    for (const [type, payload] of [
      ['application/json', JSON.stringify({ file: 'data:image/png;base64,AAAA' })],
      ['application/json', ''],
      ['text/plain', 'hello'],
      ['image/jpeg', (await phonePhoto(80, 60)).toString('binary')],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...authHeader(owner.token), 'content-type': type },
        payload,
      });
      expectProblem(res, MEDIA_PROBLEMS.noFile);
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: authHeader(owner.token),
    });
    expectProblem(none, MEDIA_PROBLEMS.noFile);
  });

  it('takes multipart on this route alone: elsewhere bodies stay JSON of 64 KiB at most', async () => {
    const owner = await person(t);
    const { body, contentType } = multipartBody(await smallPng());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ruminations',
      headers: { ...authHeader(owner.token), 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 401 signed out and 403 before the terms are accepted', async () => {
    expect((await upload(t, null, await smallPng())).statusCode).toBe(401);
    const behind = await person(t, { acceptTerms: false });
    expect((await upload(t, behind, await smallPng())).statusCode).toBe(403);
  });

  it('answers every one of ten uploads at once, none with a 5xx', async () => {
    const owner = await person(t);
    const photo = await phonePhoto(1600, 1200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(t, owner, photo)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((r) => r.json<{ id: number }>().id));
    expect(ids.size).toBe(10);
  });
});

describe('POST /api/media past the quota', () => {
  // Room for one phone photo's four files (about 12 KB), not two.
  const small = setUpTestApp({
    config: {
      media: { quotaBytes: 20_000, s3: undefined, decodeConcurrency: 2, sweepIntervalMs: 600_000 },
    },
  });

  it('answers 413 "Your photo storage is full", and stores nothing of it', async () => {
    const owner = await person(small);
    const photo = await phonePhoto(1600, 1200);
    expect((await upload(small, owner, photo)).statusCode).toBe(201);
    expectProblem(await upload(small, owner, photo), MEDIA_PROBLEMS.quotaFull);
    const rows = await small.db
      .selectFrom('media')
      .select('id')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(rows).toHaveLength(1);
    const files = fs
      .readdirSync(path.join(small.dataDir, 'media'), { recursive: true })
      .filter((name) => /\.(webp|jpg)$/.test(String(name)));
    expect(files).toHaveLength(4);
    // Another account has room of its own.
    expect((await upload(small, await person(small), photo)).statusCode).toBe(201);
  });
});
