import sharp, { type Sharp } from 'sharp';
import {
  MEDIA_LONG_SIDE,
  MEDIA_MAX_PIXELS,
  MEDIA_THUMBNAIL_LONG_SIDE,
} from '../../../src/api/limits';
import {
  decodableHeader,
  type DecodeHeader,
  type ImageType,
} from '../../../src/domain/media-decisions';

/**
 * An upload made into what is stored (api-contract.md "Photos"), with sharp (libvips): decoded
 * once (a GIF's or WebP's first frame), turned upright by its EXIF orientation, bounded to 2048 px
 * and 320 px on the long side, converted to sRGB and encoded as WebP and JPEG. Nothing of the
 * input's metadata is written: sharp drops EXIF, GPS, XMP, IPTC, comments and the ICC profile
 * unless asked to keep them (withMetadata, keepExif, keepIccProfile), and nothing here asks.
 */

/**
 * The longest one step of an upload's decoding may take, a backstop: the header check bounds what
 * is decoded (the slowest image it lets through, a 40-megapixel 16-bit PNG, took 4 to 7 s on two
 * cores at a load of 11), and other people's small photos do not wait for it (decode-slots.ts).
 * An image that takes longer is refused.
 */
export const MEDIA_DECODE_TIMEOUT_S = 20;

const WEBP = { quality: 82 } as const;
const JPEG = { quality: 82, mozjpeg: true } as const;
/** JPEG has no transparency: a transparent PNG's JPEG copy is shown on white, as a page would. */
const JPEG_BACKGROUND = '#ffffff';

/**
 * libvips' settings for this process, set once when the media module starts.
 * - No operation cache: every upload is a new file, so cached operations are never reused and
 *   only hold memory (by default up to 50 MB and 100 operations).
 * - One libvips thread per image: uploads run side by side in decode slots (decode-slots.ts),
 *   whole images at a time, which costs less than splitting one image across threads; so the
 *   uploads of an instance use at most `decodeConcurrency` cores and libuv threads, and reads
 *   (files, the database, bcrypt) keep the rest of libuv's pool and the CPU.
 */
export function tuneLibvips(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}

/** The bytes that do not decode, more than 40 megapixels, or too long to decode. */
export class UnreadableImage extends Error {
  constructor(cause: unknown) {
    super('This image cannot be read', { cause });
    this.name = 'UnreadableImage';
  }
}

export interface EncodedImage {
  width: number;
  height: number;
  webp: Buffer;
  jpeg: Buffer;
}

export interface ProcessedImage {
  photo: EncodedImage;
  thumbnail: EncodedImage;
  /** The four files' bytes together: what the quota counts. */
  bytes: number;
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

function bounded(image: Sharp, longSide: number): Sharp {
  return image.resize({
    width: longSide,
    height: longSide,
    fit: 'inside',
    withoutEnlargement: true,
  });
}

async function pixelsOf(image: Sharp): Promise<Pixels> {
  const { data, info } = await image
    .raw({ depth: 'uchar' })
    .timeout({ seconds: MEDIA_DECODE_TIMEOUT_S })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function fromPixels(pixels: Pixels): Sharp {
  const { width, height, channels } = pixels;
  return sharp(pixels.data, { raw: { width, height, channels } }).timeout({
    seconds: MEDIA_DECODE_TIMEOUT_S,
  });
}

async function encodeBoth(pixels: Pixels): Promise<EncodedImage> {
  const webp = await fromPixels(pixels).webp(WEBP).toBuffer();
  const jpeg = await fromPixels(pixels)
    .flatten({ background: JPEG_BACKGROUND })
    .jpeg(JPEG)
    .toBuffer();
  return { width: pixels.width, height: pixels.height, webp, jpeg };
}

/** Bytes per sample of libvips' band formats (sharp's `depth`): unknown ones count as the widest. */
const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
};

/** sharp's names of the five formats (an AVIF is read by libheif, which sharp calls heif). */
const FORMATS: Record<string, ImageType> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  heif: 'avif',
};

/**
 * What the header of the image in `file` says about decoding it, read without decoding a pixel, or
 * UnreadableImage when it may not be decoded at all (decodableHeader: over 40 megapixels, 16,384 px
 * a side, or more memory than one decode may take). Asked before an upload waits for a decode slot,
 * so such a file neither grows the server's memory nor holds up anyone else's upload. The format is
 * the decoder's own reading of the bytes (a PNG named .jpg is a PNG here).
 */
export async function readDecodeHeader(file: string): Promise<DecodeHeader> {
  let header: DecodeHeader;
  try {
    const meta = await sharp(file, { limitInputPixels: false, pages: 1 }).metadata();
    const format = FORMATS[meta.format];
    if (format === undefined) throw new Error(`decoded as ${meta.format}`);
    header = {
      format,
      width: meta.width,
      height: meta.height,
      channels: meta.channels,
      bytesPerSample: BYTES_PER_SAMPLE[meta.depth] ?? 8,
      progressive: meta.isProgressive,
    };
  } catch (error) {
    throw new UnreadableImage(error);
  }
  if (!decodableHeader(header)) {
    throw new UnreadableImage(new Error(`${header.width} × ${header.height} ${header.format}`));
  }
  return header;
}

/**
 * The stored photo and thumbnail of the image in `file`, or UnreadableImage. The input is decoded
 * once, straight to the 2048 px picture (a JPEG is shrunk while it is read); the four files are
 * encoded from that picture, which is at most 2048 × 2048 × 4 bytes (16 MB).
 */
export async function processImage(file: string): Promise<ProcessedImage> {
  try {
    const photo = await pixelsOf(
      bounded(
        sharp(file, {
          limitInputPixels: MEDIA_MAX_PIXELS,
          // Truncated or corrupt data fails; the warnings real cameras' files often raise do not.
          failOn: 'error',
          // The first frame of an animated GIF or WebP.
          pages: 1,
          sequentialRead: true,
        }).rotate(),
        MEDIA_LONG_SIDE,
      ).toColourspace('srgb'),
    );
    const thumbnail = await pixelsOf(bounded(fromPixels(photo), MEDIA_THUMBNAIL_LONG_SIDE));
    // One step after the other, never side by side: an upload keeps one libuv thread (and one
    // core) busy, so its slot is all it takes.
    const photoFiles = await encodeBoth(photo);
    const thumbnailFiles = await encodeBoth(thumbnail);
    const bytes = [photoFiles, thumbnailFiles].reduce(
      (sum, files) => sum + files.webp.length + files.jpeg.length,
      0,
    );
    return { photo: photoFiles, thumbnail: thumbnailFiles, bytes };
  } catch (error) {
    throw new UnreadableImage(error);
  }
}
