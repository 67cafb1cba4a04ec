import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ruminationWriteRequest } from '../../src/api/rumination-schemas';
import {
  base64url,
  mediaSignaturePayload,
  mediaUrlChecks,
  mediaUrlExpiry,
  signedMediaUrls,
  webCryptoMediaSigner,
} from '../../src/api/media-urls';
import {
  chooseImageFormat,
  decideMediaAttach,
  decideMediaFetch,
  decideQuota,
  decideUploadType,
  MEDIA_NOT_YOURS,
  MEDIA_TWICE,
  sniffImageType,
} from '../../src/domain/media-decisions';

/** The photo rules every implementation shares (src/domain/media-decisions.ts, src/api/media-urls.ts). */

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );

describe('what an upload is, by its first bytes', () => {
  it('names the five formats and nothing else', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(bytes('\x89PNG\r\n\x1a\n'))).toBe('png');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(bytes('GIF89a'))).toBe('gif');
    expect(sniffImageType(bytes([0, 0, 0, 28], 'ftypavif'))).toBe('avif');
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(decideUploadType(bytes('BM'))).toMatchObject({ ok: false, refusal: { status: 415 } });
  });
});

describe('the quota', () => {
  it('takes an upload that fits and refuses one that does not, with 413', () => {
    expect(decideQuota(90, 10, 100).ok).toBe(true);
    expect(decideQuota(91, 10, 100)).toMatchObject({
      ok: false,
      refusal: { status: 413, title: 'Your photo storage is full' },
    });
  });
});

describe('which photos a note may hold', () => {
  const mine = { ownerId: 1, ruminationId: null, live: true };
  it('keeps the order given and releases the photos left out', () => {
    const decided = decideMediaAttach(
      [
        { id: 3, alt: 'b' },
        { id: 2, alt: 'a' },
      ],
      [
        { id: 2, ...mine },
        { id: 3, ...mine, ruminationId: 9 },
      ],
      1,
      9,
      [3, 4],
    );
    expect(decided).toEqual({
      ok: true,
      value: {
        attached: [
          { id: 3, position: 0, alt: 'b' },
          { id: 2, position: 1, alt: 'a' },
        ],
        released: [4],
      },
    });
  });
  it.each([
    ['another person’s upload', { id: 2, ...mine, ownerId: 5 }],
    ['an upload in another note', { id: 2, ...mine, ruminationId: 8 }],
    ['an erased upload', { id: 2, ...mine, live: false }],
  ])('refuses %s with 400 on media', (_, upload) => {
    expect(decideMediaAttach([{ id: 2, alt: '' }], [upload], 1, 9)).toMatchObject({
      ok: false,
      refusal: { status: 400, errors: { media: [MEDIA_NOT_YOURS] } },
    });
  });
  it('refuses an unknown id and the same photo twice', () => {
    expect(decideMediaAttach([{ id: 7, alt: '' }], [], 1, null).ok).toBe(false);
    expect(
      decideMediaAttach(
        [
          { id: 2, alt: '' },
          { id: 2, alt: '' },
        ],
        [{ id: 2, ...mine }],
        1,
        null,
      ),
    ).toMatchObject({ ok: false, refusal: { errors: { media: [MEDIA_TWICE] } } });
  });
  it('takes at most six photos and alt text of at most 500 characters', () => {
    const write = (media: unknown) =>
      ruminationWriteRequest.safeParse({ content: 'x', publish: true, media }).success;
    expect(write([1, 2, 3, 4, 5, 6].map((id) => ({ id, alt: '' })))).toBe(true);
    expect(write([1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, alt: '' })))).toBe(false);
    expect(write([{ id: '4', alt: 'a'.repeat(500) }])).toBe(true);
    expect(write([{ id: 4, alt: 'a'.repeat(501) }])).toBe(false);
  });
});

describe('fetching a photo', () => {
  const media = { ownerId: 1, live: true, inVisibleRumination: false };
  it('answers its owner and readers of its note, 404 to everyone else', () => {
    expect(decideMediaFetch(true, 1, media).ok).toBe(true);
    expect(decideMediaFetch(true, 2, { ...media, inVisibleRumination: true }).ok).toBe(true);
    expect(decideMediaFetch(true, 2, media)).toMatchObject({ refusal: { status: 404 } });
    expect(decideMediaFetch(false, 1, media).ok).toBe(false);
    expect(decideMediaFetch(true, 1, { ...media, live: false }).ok).toBe(false);
    expect(decideMediaFetch(true, 0, { ...media, ownerId: 0 }).ok).toBe(false);
  });
  it('answers WebP only to a request that names it', () => {
    expect(chooseImageFormat('image/avif,image/webp,*/*')).toBe('webp');
    expect(chooseImageFormat('*/*')).toBe('jpeg');
    expect(chooseImageFormat(undefined)).toBe('jpeg');
  });
});

describe('signed URLs', () => {
  const secret = new Uint8Array(32).fill(7);
  const nodeSigner = (payload: string) =>
    base64url(createHmac('sha256', secret).update(payload).digest().subarray(0, 16));

  it('are valid one to two hours, and the same for a while', () => {
    const now = new Date('2026-11-26T10:20:00Z');
    const expires = mediaUrlExpiry(now);
    expect(expires * 1000 - now.getTime()).toBeGreaterThanOrEqual(3600_000);
    expect(expires * 1000 - now.getTime()).toBeLessThanOrEqual(7200_000);
    expect(mediaUrlExpiry(new Date('2026-11-26T10:50:00Z'))).toBe(expires);
  });

  it('sign alike in the browser and on the server, and check only untouched', async () => {
    const web = await webCryptoMediaSigner(secret);
    expect(await web(mediaSignaturePayload(4, 2, 99))).toBe(
      nodeSigner(mediaSignaturePayload(4, 2, 99)),
    );
    const now = new Date('2026-11-26T10:20:00Z');
    const expires = mediaUrlExpiry(now);
    const { url, thumbnailUrl } = await signedMediaUrls(4, 2, expires, web);
    expect(url).toMatch(/^\/api\/media\/4\/photo\?viewer=2&expires=\d+&sig=[\w-]{22}$/);
    expect(thumbnailUrl.replace('thumbnail', 'photo')).toBe(url);
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    expect(await mediaUrlChecks(4, { viewer: 2, expires, sig }, now, nodeSigner)).toBe(true);
    expect(await mediaUrlChecks(4, { viewer: 3, expires, sig }, now, nodeSigner)).toBe(false);
    expect(await mediaUrlChecks(5, { viewer: 2, expires, sig }, now, nodeSigner)).toBe(false);
    expect(await mediaUrlChecks(4, { viewer: 2, expires: expires + 1, sig }, now, nodeSigner)).toBe(
      false,
    );
    const later = new Date(expires * 1000 + 1);
    expect(await mediaUrlChecks(4, { viewer: 2, expires, sig }, later, nodeSigner)).toBe(false);
  });
});
