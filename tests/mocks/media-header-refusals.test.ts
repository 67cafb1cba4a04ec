import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  decodableHeader,
  MEDIA_UNREADABLE,
  sniffImageType,
  type DecodeHeader,
} from '../../src/domain/media-decisions';
import { readImageHeader } from '../../mocks/image-header';
import { getDb } from '../../mocks/store/db';
import { createUser } from '../../mocks/store/factories';
import {
  flatAvif,
  flatJpeg,
  gifFrameBeyondScreen,
  phonePhoto,
  pngBomb,
  pngStrip,
  smallPng,
  widePng,
} from '../support/photo-fixtures';
import { setupMediaBackend, upload } from './media-calls';

setupMediaBackend();

/**
 * The mock backend refuses from an upload's header what the server refuses from it
 * (tests/server/media-upload-fairness.test.ts): a picture whose decode would take more memory than
 * one decode may (decodableHeader), not only one with too many pixels or too long a side. Both
 * backends ask the same rule; the mock reads the header's facts itself (mocks/image-header.ts).
 */

async function expectRefused(token: string, file: Buffer) {
  const r = await upload(token, file);
  expect(r.status).toBe(400);
  expect(r.json.title).toBe(MEDIA_UNREADABLE);
}

async function expectTaken(token: string, file: Buffer) {
  const r = await upload(token, file);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
}

describe('POST /api/media refuses from the header what a decode could not hold', () => {
  it('a 25-megapixel interlaced PNG is 400; the same picture not interlaced is 201', async () => {
    const { token } = createUser({ username: 'maya' });
    // Decoded whole: about 150 MB, and its encoders.
    await expectRefused(token, await widePng({ width: 5_000, height: 5_000, interlaced: true }));
    // Read row by row: taken.
    await expectTaken(token, await widePng({ width: 5_000, height: 5_000 }));
    expect(getDb().media).toHaveLength(1);
  }, 60_000);

  it('16-bit PNGs 16,384 px wide are 400 (2,000 and 2,441 rows); the 8-bit one 201', async () => {
    const { token } = createUser({ username: 'maya' });
    await expectRefused(token, await widePng({ bits: 16, height: 2_000 }));
    await expectRefused(token, await widePng({ bits: 16 }));
    await expectTaken(token, await widePng({ height: 2_000 }));
  }, 60_000);

  it('a 20-megapixel progressive JPEG is 400; the same baseline, and a phone photo, 201', async () => {
    const { token } = createUser({ username: 'maya' });
    await expectRefused(token, await flatJpeg(5_000, 4_000, { progressive: true }));
    await expectTaken(token, await flatJpeg(5_000, 4_000));
    await expectTaken(token, await phonePhoto(4_000, 3_000));
  }, 60_000);

  it('an AVIF of 12 megapixels is 400; one of 6.5 is 201', async () => {
    const { token } = createUser({ username: 'maya' });
    await expectRefused(token, await flatAvif(4_000, 3_000));
    await expectTaken(token, await flatAvif(3_000, 2_160));
  }, 60_000);

  it('a GIF is as large as its first frame, whatever its screen says', async () => {
    const { token } = createUser({ username: 'maya' });
    // A 100 × 100 screen, and a frame 16,385 px wide: a side too long.
    await expectRefused(token, gifFrameBeyondScreen(16_385, 1));
    // A frame of 24 megapixels (under 40): held whole, 184 MB with its encoders.
    await expectRefused(token, gifFrameBeyondScreen(6_000, 4_000));
    await expectTaken(token, gifFrameBeyondScreen(200, 150));
  }, 60_000);
});

/**
 * What sharp's metadata() says of a file, as the server turns it into a DecodeHeader
 * (readDecodeHeader, server/modules/media/media-processing.ts, which tests/mocks may not import).
 */
async function serverHeader(file: Buffer): Promise<DecodeHeader> {
  const meta = await sharp(file, { limitInputPixels: false, pages: 1 }).metadata();
  return {
    format: meta.format === 'heif' ? 'avif' : (meta.format as DecodeHeader['format']),
    width: meta.width,
    height: meta.height,
    channels: meta.channels,
    bytesPerSample: meta.depth === 'ushort' ? 2 : 1,
    progressive: meta.isProgressive,
  };
}

function flat(width: number, height: number, channels: 3 | 4) {
  const background = { r: 64, g: 96, b: 128, alpha: 0.5 };
  return sharp({ create: { width, height, channels, background } });
}

describe('the mock reads a header as the server does', () => {
  it('format, size, channels, bytes per sample and interlacing of each kind of file', async () => {
    const frames = [await smallPng(30, 20), await smallPng(30, 20, '#aa3355')];
    const files: Record<string, Buffer> = {
      'PNG RGBA': await flat(30, 20, 4).png().toBuffer(),
      'PNG grey': await flat(30, 20, 3).toColourspace('b-w').png().toBuffer(),
      'PNG palette': await flat(30, 20, 3).png({ palette: true }).toBuffer(),
      'PNG palette, transparent': await flat(30, 20, 4).png({ palette: true }).toBuffer(),
      'PNG 16-bit interlaced': await flat(30, 20, 4)
        .toColourspace('rgb16')
        .png({ progressive: true })
        .toBuffer(),
      'PNG bomb': pngBomb(),
      'PNG strip': pngStrip(39_000_000, 1),
      'JPEG phone': await phonePhoto(800, 600),
      'JPEG progressive': await flatJpeg(30, 20, { progressive: true }),
      'JPEG grey': await flat(30, 20, 3).toColourspace('b-w').jpeg().toBuffer(),
      'JPEG CMYK': await flat(30, 20, 3).toColourspace('cmyk').jpeg().toBuffer(),
      'WebP lossy': await flat(30, 20, 3).webp().toBuffer(),
      'WebP lossy, transparent': await flat(30, 20, 4).webp().toBuffer(),
      'WebP lossless, transparent': await flat(30, 20, 4).webp({ lossless: true }).toBuffer(),
      'WebP animated': await sharp(frames, { join: { animated: true } })
        .webp()
        .toBuffer(),
      'GIF transparent': await flat(30, 20, 4).gif().toBuffer(),
      'GIF animated': await sharp(frames, { join: { animated: true } })
        .gif()
        .toBuffer(),
      'GIF frame beyond its screen': gifFrameBeyondScreen(16_385, 1),
      AVIF: await flatAvif(30, 20),
      'AVIF transparent': await flat(30, 20, 4).avif({ effort: 0 }).toBuffer(),
    };
    for (const [name, file] of Object.entries(files)) {
      const mock = readImageHeader(file, sniffImageType(file)!);
      expect({ name, header: mock }).toEqual({ name, header: await serverHeader(file) });
      expect(decodableHeader(mock!)).toBe(decodableHeader(await serverHeader(file)));
    }
  });
});
