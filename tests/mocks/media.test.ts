import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_QUOTA_MB_DEFAULT, MEDIA_UPLOAD_MAX_BYTES } from '../../src/api/limits';
import { signedMediaUrls, mediaUrlExpiry } from '../../src/api/media-urls';
import { ruminationMedia } from '../../src/api/media-schemas';
import { rumination as ruminationSchema } from '../../src/api/rumination-schemas';
import { accountExport } from '../../src/api/account-schemas';
import { mediaFileName, ruminationFileName } from '../../src/domain/markdown-export';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import { MEDIA_NOT_YOURS, MEDIA_TWICE, MEDIA_UNREADABLE } from '../../src/domain/media-decisions';
import { setMediaCodec } from '../../mocks/media-codec';
import { demoSeed } from '../../mocks/seed';
import { SEED_PICTURES } from '../../mocks/seed-photos';
import { hasAnyMediaFile, mediaFileDeletionsSettled } from '../../mocks/media-files';
import {
  createMedia,
  createRelation,
  createRumination,
  createUser,
  DEFAULT_TEST_PASSWORD,
  getDb,
  moveToTrash,
  publishTermsVersion,
  resetMockBackend,
  saveDb,
  setPersistence,
  type MockDb,
} from '../../mocks/store';
import { mediaSigner } from '../../mocks/views';
import {
  multipartBody,
  pngBomb,
  PHONE_MAKE,
  phonePhoto,
  smallPng,
  truncatedJpeg,
} from '../support/photo-fixtures';
import { api, ORIGIN, setupMockBackend, type Json } from './mock-backend';
import { sharpMediaCodec } from './sharp-media-codec';

setupMockBackend();
beforeAll(() => setMediaCodec(sharpMediaCodec));
afterAll(() => setMediaCodec(undefined));

/**
 * Photos in the mock backend (api-contract.md "Photos"), as tests/server/media*.test.ts check
 * the server: the same rules from the same shared code. Decoding is sharp here (the demo's
 * canvas has no node counterpart), injected as the codec.
 */

const FRIEND = relationTypeOfAudience('Friend');

async function upload(
  token: string | null,
  file: Buffer,
  options: Parameters<typeof multipartBody>[1] = {},
) {
  const { body, contentType } = multipartBody(file, options);
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${ORIGIN}/api/media`, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function fetchImage(url: string, accept = 'image/avif,image/webp,image/*,*/*;q=0.8') {
  const response = await fetch(`${ORIGIN}${url}`, { headers: { Accept: accept } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function uploaded(token: string, file?: Buffer): Promise<number> {
  const r = await upload(token, file ?? (await smallPng()));
  expect(r.status).toBe(201);
  return r.json.id as number;
}

async function write(token: string, body: Json, id?: number) {
  return id === undefined
    ? api('POST', '/api/ruminations', { token, body })
    : api('PUT', `/api/ruminations/${id}`, { token, body });
}

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

describe('GET /api/media/:id/:variant', () => {
  async function friendsOnlyPhoto() {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const stranger = createUser({ username: 'stranger' });
    const relation = createRelation({
      initiatorId: maya.user.id,
      receiverId: leo.user.id,
      type: FRIEND,
    });
    const photo = await uploaded(maya.token, await phonePhoto(400, 300));
    const note = await write(maya.token, {
      content: 'Friends only',
      publish: true,
      audiences: ['Friend'],
      media: [{ id: photo, alt: 'Us' }],
    });
    return { maya, leo, stranger, relation, photo, noteId: note.json.id as number };
  }

  it('the friend reads it; a stranger, anonymous, forged, expired or other-id URL is 404', async () => {
    const { leo, stranger, photo, noteId } = await friendsOnlyPhoto();
    const read = await api('GET', `/api/ruminations/${noteId}`, { token: leo.token });
    const url = read.json.media[0].url as string;
    expect(url).toContain(`viewer=${leo.user.id}&`);
    expect((await fetchImage(url)).response.status).toBe(200);
    expect((await fetchImage(read.json.media[0].thumbnailUrl)).response.status).toBe(200);

    expect((await api('GET', `/api/ruminations/${noteId}`, { token: stranger.token })).status).toBe(
      404,
    );
    const sign = await mediaSigner();
    const expires = mediaUrlExpiry(new Date());
    for (const viewer of [stranger.user.id, 0]) {
      const signed = await signedMediaUrls(photo, viewer, expires, sign);
      const r = await fetchImage(signed.url);
      expect(r.response.status).toBe(404);
      expect((JSON.parse(r.bytes.toString()) as Json).title).toBe('Photo not found');
    }
    const forged = url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA');
    const otherViewer = url.replace(`viewer=${leo.user.id}`, `viewer=${stranger.user.id}`);
    const otherId = url.replace(`/api/media/${photo}/`, `/api/media/${photo + 1}/`);
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = (await signedMediaUrls(photo, leo.user.id, past, sign)).url;
    for (const bad of [forged, otherViewer, otherId, expired, `/api/media/${photo}/original?x=1`]) {
      expect((await fetchImage(bad)).response.status).toBe(404);
    }
  });

  it('an ended relation stops the friend’s URL at once; the author’s own URL still works', async () => {
    const { maya, leo, relation, noteId } = await friendsOnlyPhoto();
    const url = (await api('GET', `/api/ruminations/${noteId}`, { token: leo.token })).json.media[0]
      .url as string;
    expect((await fetchImage(url)).response.status).toBe(200);
    expect(
      (await api('DELETE', `/api/UserRelations/${relation.id}`, { token: maya.token })).status,
    ).toBe(204);
    expect((await fetchImage(url)).response.status).toBe(404);
    const own = (await api('GET', `/api/ruminations/${noteId}`, { token: maya.token })).json
      .media[0].url as string;
    expect((await fetchImage(own)).response.status).toBe(200);
  });

  it("the trash hides the photos for every reader's URL at once, and a restore brings them back", async () => {
    const { maya, leo, noteId } = await friendsOnlyPhoto();
    const url = (await api('GET', `/api/ruminations/${noteId}`, { token: leo.token })).json.media[0]
      .url as string;
    expect((await fetchImage(url)).response.status).toBe(200);
    expect((await api('DELETE', `/api/ruminations/${noteId}`, { token: maya.token })).status).toBe(
      204,
    );
    expect((await fetchImage(url)).response.status).toBe(404);
    // The author's own upload stays readable to her (decideMediaFetch: the signer's own upload),
    // as her trash shows the note with its photos.
    const trash = await api('GET', '/api/ruminations/trash', { token: maya.token });
    expect(trash.json[0].media).toHaveLength(1);
    expect((await fetchImage(trash.json[0].media[0].url)).response.status).toBe(200);
    await api('POST', `/api/ruminations/${noteId}/restore`, { token: maya.token });
    expect((await fetchImage(url)).response.status).toBe(200);
  });

  it('an upload no note holds is readable by its owner only', async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const photo = await uploaded(maya.token);
    const sign = await mediaSigner();
    const expires = mediaUrlExpiry(new Date());
    const own = await signedMediaUrls(photo, maya.user.id, expires, sign);
    expect((await fetchImage(own.thumbnailUrl)).response.status).toBe(200);
    const others = await signedMediaUrls(photo, leo.user.id, expires, sign);
    expect((await fetchImage(others.url)).response.status).toBe(404);
  });
});

describe('erasing photos', () => {
  it('erases uploads no note took within 24 hours at the next call', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const fresh = await uploaded(token);
    const old = createMedia({
      ownerId: user.id,
      createTMS: new Date(Date.now() - 25 * 3_600_000).toISOString(),
    });
    await api('GET', '/api/ruminations/public');
    expect(getDb().media.map((m) => m.id)).toEqual([fresh]);
    expect(old.id).not.toBe(fresh);
    // Too late to attach it.
    const r = await write(token, { content: 'x', publish: true, media: [{ id: old.id }] });
    expect(r.status).toBe(400);
  });

  it('erases a note’s photos with it for good (delete for good, empty trash, retention), rows and files', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const ids: number[] = [];
    const notes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const photo = await uploaded(token);
      ids.push(photo);
      notes.push(
        (await write(token, { content: `n${i}`, publish: true, media: [{ id: photo }] })).json.id,
      );
    }
    for (const id of notes) await api('DELETE', `/api/ruminations/${id}`, { token });
    expect(getDb().media).toHaveLength(3);
    await api('DELETE', `/api/ruminations/${notes[0]}/permanent`, { token });
    await mediaFileDeletionsSettled();
    expect(getDb().media.map((m) => m.id)).toEqual(ids.slice(1));
    expect(await hasAnyMediaFile(ids[0]!)).toBe(false);
    // Past the trash's retention.
    const old = getDb().ruminations.find((r) => r.id === notes[1])!;
    moveToTrash(old, '2000-01-01T00:00:00.000Z');
    await api('GET', '/api/ruminations/public');
    expect(getDb().media.map((m) => m.id)).toEqual([ids[2]]);
    await api('DELETE', '/api/ruminations/trash', { token });
    await mediaFileDeletionsSettled();
    expect(getDb().media).toEqual([]);
    for (const id of ids) expect(await hasAnyMediaFile(id)).toBe(false);
    expect(user.id).toBeGreaterThan(0);
  });

  it("erasing an account erases all its photos, held or not, and no one else's", async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const held = await uploaded(maya.token);
    const loose = await uploaded(maya.token);
    const leos = await uploaded(leo.token);
    await write(maya.token, { content: 'x', publish: true, media: [{ id: held }] });
    const r = await api('DELETE', '/api/account', {
      token: maya.token,
      body: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(r.status).toBe(204);
    await mediaFileDeletionsSettled();
    expect(getDb().media.map((m) => m.id)).toEqual([leos]);
    expect(await hasAnyMediaFile(held)).toBe(false);
    expect(await hasAnyMediaFile(loose)).toBe(false);
    expect(await hasAnyMediaFile(leos)).toBe(true);
  });

  it('a seeded note keeps its photo rows through other writes', () => {
    const { user } = createUser({ username: 'maya' });
    const note = createRumination({ authorId: user.id });
    createMedia({ ownerId: user.id, ruminationId: note.id, alt: 'x' });
    expect(getDb().media[0]).toMatchObject({
      ruminationId: note.id,
      position: 0,
      eraseAfter: null,
    });
  });
});

describe('the account export', () => {
  async function download(token: string, query: string) {
    const response = await fetch(`${ORIGIN}/api/account/export${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return new Uint8Array(await response.arrayBuffer());
  }

  async function arrange() {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const a = await uploaded(maya.token, await phonePhoto(400, 300));
    const b = await uploaded(maya.token);
    const leos = await uploaded(leo.token);
    const note = await write(maya.token, {
      content: 'With photos',
      publish: true,
      media: [
        { id: a, alt: 'The [harbour]' },
        { id: b, alt: '' },
      ],
    });
    await write(leo.token, { content: 'Leo’s', publish: true, media: [{ id: leos }] });
    return { maya, a, b, leos, noteId: note.json.id as number };
  }

  it('JSON lists each note’s photos as id, size and alt, in order, without URLs', async () => {
    const { maya, a, b } = await arrange();
    const text = strFromU8(await download(maya.token, '?format=json'));
    expect(text).not.toContain('/api/media/');
    const data = accountExport.parse(JSON.parse(text));
    expect(data.ruminations[0]!.media).toEqual([
      { id: a, width: 300, height: 400, alt: 'The [harbour]' },
      { id: b, width: 64, height: 48, alt: '' },
    ]);
  });

  it('the Markdown zip holds the photos as media/<id>.webp and the note links them', async () => {
    const { maya, a, b, leos, noteId } = await arrange();
    const files = unzipSync(await download(maya.token, '?format=markdown'));
    expect(Object.keys(files)).toContain(mediaFileName(a));
    expect(Object.keys(files)).toContain(mediaFileName(b));
    expect(Object.keys(files)).not.toContain(mediaFileName(leos));
    const meta = await sharp(Buffer.from(files[mediaFileName(a)]!)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      300,
      400,
      undefined,
    ]);
    const name = ruminationFileName({ id: noteId, content: 'With photos' });
    const markdown = strFromU8(files[name]!);
    expect(markdown).toContain(`![The \\[harbour\\]](media/${a}.webp)`);
    expect(markdown).toContain(`![](media/${b}.webp)`);
  });
});

describe('the demo seed', () => {
  it('has three public notes with a photo each, with alt text and the sizes of their pictures', async () => {
    resetMockBackend(demoSeed);
    const list = await api('GET', '/api/ruminations/public?Limit=100');
    const withPhotos = (list.json as Json[]).filter((r) => r.media.length > 0);
    expect(withPhotos).toHaveLength(3);
    const pictures = Object.values(SEED_PICTURES).map((p) => [p.width, p.height]);
    for (const note of withPhotos) {
      const [m] = note.media as Json[];
      expect(m.alt.length).toBeGreaterThan(40);
      expect(pictures).toContainEqual([m.width, m.height]);
      expect(m.url).toContain('viewer=0&');
    }
    // Kept: a seed photo is held by its note, so no sweep takes it.
    expect(getDb().media.every((m) => m.ruminationId !== null && m.picture)).toBe(true);
  });
});

describe('calls running beside each other, with the store saved and re-read as in the demo', () => {
  function persistAsTheDemo(): void {
    let saved = '';
    setPersistence({
      load: () => (saved === '' ? null : (JSON.parse(saved) as MockDb)),
      save: (db) => {
        saved = JSON.stringify(db);
      },
    });
  }

  it('uploads at once each get their own id, row and files; first reads at once sign with one kept key', async () => {
    persistAsTheDemo();
    try {
      const { token } = createUser({ username: 'maya' });
      const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
      const files = await Promise.all(colours.map((c) => smallPng(40, 30, c)));
      const answers = await Promise.all(files.map((f) => upload(token, f)));
      const ids = answers.map((a) => a.json.id as number);
      expect(new Set(ids).size).toBe(4);
      expect(
        getDb()
          .media.map((m) => m.id)
          .sort(),
      ).toEqual([...ids].sort());
      await write(token, {
        content: 'Four colours',
        publish: true,
        media: ids.map((id) => ({ id })),
      });
      // As a store whose key is not made yet (a fresh demo's first screen reads several lists).
      getDb().mediaSecret = null;
      saveDb();
      const reads = await Promise.all(
        Array.from({ length: 4 }, () => api('GET', '/api/ruminations/public')),
      );
      for (const read of reads) {
        for (const m of read.json[0].media as Json[]) {
          expect((await fetchImage(m.thumbnailUrl)).response.status).toBe(200);
        }
      }
    } finally {
      setPersistence(null);
    }
  });
});
