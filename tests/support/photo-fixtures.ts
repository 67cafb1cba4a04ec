import sharp from 'sharp';
import { pngFile } from '../../scripts/support/png-bytes';

/**
 * Images as people and attackers upload them (api-contract.md "Photos"), made here with sharp so
 * that no binary file is committed. Node only (server tests, the bench, browser tests' set-up).
 */

/** Where the phone photo says it was taken: tests look for these in what is served. */
export const PHONE_GPS = { latitude: '48/1 51/1 2959/100', longitude: '2/1 17/1 4020/100' };
export const PHONE_MAKE = 'RuminationsPhone';

/**
 * A phone photo: a JPEG stored sideways with EXIF orientation 6 (turn 90° clockwise to view), GPS
 * coordinates, a camera make and an XMP-free comment. Stored `width` × `height` (landscape), so
 * upright it is portrait. The left half is red and the right half blue, so a test can tell which
 * way it was turned: upright, the top is red.
 */
export async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: await sharp({
          create: { width: half, height, channels: 3, background: '#ff0000' },
        })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: PHONE_MAKE, Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: PHONE_GPS.latitude,
        GPSLongitudeRef: 'E',
        GPSLongitude: PHONE_GPS.longitude,
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A noisy JPEG of about `megabytes` MB (noise does not compress): for size limits and the bench. */
export async function largeJpeg(megabytes: number): Promise<Buffer> {
  // Quality 100 gaussian noise, no chroma subsampling: about 2.7 bytes a pixel.
  const pixels = Math.ceil((megabytes * 1024 * 1024) / 2.7);
  const width = Math.ceil(Math.sqrt(pixels * 1.5));
  const height = Math.ceil(pixels / width);
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** A small PNG of one colour. */
export async function smallPng(width = 64, height = 48, colour = '#33aa55'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A decompression bomb: a PNG of a few kilobytes that declares `side` × `side` pixels (50,000² is
 * 2.5 gigapixels, 7.5 GB decoded), its rows all zero and deflated.
 */
export function pngBomb(side = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // Only the first rows: enough to look real, and a decoder that trusts the header starts big.
  const rows = Buffer.alloc((side + 1) * 64);
  return pngFile(header, rows, 9);
}

/**
 * A PNG that declares `width` × `height` 16-bit RGBA pixels with only its first row or so of
 * data: a very wide or tall strip (39,000,000 × 1 passes the 40-megapixel limit in a few hundred
 * kilobytes of file and took a decoder to gigabytes).
 */
export function pngStrip(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 16; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(Math.min((width * 8 + 1) * Math.min(height, 4), 4 << 20));
  return pngFile(header, rows, 9);
}

/** The first part of a real JPEG, cut off: it starts like a photo and ends mid-scan. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await phonePhoto(800, 600);
  return whole.subarray(0, Math.floor(whole.length / 3));
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { body: Buffer; contentType: string } {
  const boundary = `----ruminations${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'photo.jpg'}"\r\nContent-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * A picture as large as the header check allows, and slow to decode: 16,384 × 2,441 (40
 * megapixels) of RGBA as a PNG (libvips cannot shrink a PNG while reading it), 8 or 16 bits a
 * sample. One colour, so that the file is small; `interlaced` (Adam7) makes the decoder hold it
 * whole.
 */
export function widePng(
  options: { width?: number; height?: number; interlaced?: boolean; bits?: 8 | 16 } = {},
): Promise<Buffer> {
  const { width = 16_384, height = 2_441, interlaced = false, bits = 8 } = options;
  const image = sharp({ create: { width, height, channels: 4, background: '#406080' } });
  return (bits === 16 ? image.toColourspace('rgb16') : image)
    .png({ progressive: interlaced })
    .toBuffer();
}

/**
 * A one-colour JPEG of `width` × `height`, baseline or `progressive`: small to send, and as large
 * to decode as its size says (a progressive JPEG's coefficients are held whole while it is read).
 */
export function flatJpeg(
  width: number,
  height: number,
  options: { progressive?: boolean } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#406080' } })
    .jpeg({ progressive: options.progressive ?? false })
    .toBuffer();
}

/** A one-colour AVIF of `width` × `height` (libheif decodes it whole, several times over). */
export function flatAvif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#406080' } })
    .avif({ effort: 0 })
    .toBuffer();
}

/**
 * A GIF whose screen is `screen` px square and whose one frame is `width` × `height`, with one
 * pixel of data: the decoder (libnsgif) grows the picture to its first frame, so it is as large as
 * the frame, whatever the screen says.
 */
export function gifFrameBeyondScreen(width: number, height: number, screen = 100): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'ascii');
  head.writeUInt16LE(screen, 6);
  head.writeUInt16LE(screen, 8);
  head[10] = 0x80; // a global colour table of two colours
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([
    head,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    descriptor,
    // LZW: code size 2, then clear, 0, end in one sub-block.
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]),
    Buffer.from([0x3b]),
  ]);
}
