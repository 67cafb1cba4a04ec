import { MEDIA_LONG_SIDE, MEDIA_THUMBNAIL_LONG_SIDE } from '../src/api/limits';
import { decodableSize, type ImageType } from '../src/domain/media-decisions';
import type { MediaFiles } from './media-files';

/**
 * Decoding and re-encoding uploads in the mock backend (api-contract.md "Photos"), what sharp does
 * on the server: turned upright by EXIF orientation, at most 2048 px (thumbnail 320 px) on the long
 * side, WebP and JPEG. In the browser the demo draws the decoded bitmap on an OffscreenCanvas and
 * encodes the canvas, so nothing of the original file but its pixels survives: no EXIF, GPS, XMP
 * or comment. Node has no canvas: tests inject a codec (`setMediaCodec`); this file must never
 * import a node module, as it is bundled into the demo.
 */

export interface EncodedMedia {
  width: number;
  height: number;
  files: MediaFiles;
}

export interface MediaCodec {
  /** The upload's stored files, or undefined when its bytes do not decode as an image. */
  encode(bytes: Uint8Array): Promise<EncodedMedia | undefined>;
}

/** A size bounded to `longSide` on its long side, keeping its proportions (never enlarged). */
export function boundedSize(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function u16be(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}
function u32be(b: Uint8Array, at: number): number {
  return u16be(b, at) * 65536 + u16be(b, at + 2);
}
function u16le(b: Uint8Array, at: number): number {
  return (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
}
function u24le(b: Uint8Array, at: number): number {
  return u16le(b, at) | ((b[at + 2] ?? 0) << 16);
}

/** A JPEG's size from its first SOF segment, walking the segments from the start. */
function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // SOF0..SOF15 but DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}

function webpSize(b: Uint8Array): { width: number; height: number } | undefined {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L') {
    const bits = u16le(b, 21) | (u16le(b, 23) << 16);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return undefined;
}

/**
 * The size an image's header declares, read before decoding: a decompression bomb (a few KB that
 * declare gigapixels) is refused without asking a decoder to allocate it. Undefined when the
 * header does not say (AVIF, an odd file): the decoded size is checked then.
 */
export function declaredSize(
  bytes: Uint8Array,
  type: ImageType,
): { width: number; height: number } | undefined {
  switch (type) {
    case 'png':
      return bytes.length >= 24 ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : undefined;
    case 'gif':
      return bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : undefined;
    case 'jpeg':
      return jpegSize(bytes);
    case 'webp':
      return bytes.length >= 30 ? webpSize(bytes) : undefined;
    default:
      return undefined;
  }
}

/** More than an upload may be (api-contract.md: over 40 megapixels or 16,384 px a side). */
export function tooManyPixels(size: { width: number; height: number }): boolean {
  return !decodableSize(size);
}

const WEBP_QUALITY = 0.82;
const JPEG_QUALITY = 0.85;

async function bytesOf(canvas: OffscreenCanvas, type: string, quality: number) {
  const blob = await canvas.convertToBlob({ type, quality });
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * One bounded size of a picture as WebP and JPEG. JPEG has no transparency: it is drawn over
 * white (the server flattens the same way). A browser that cannot encode WebP hands back another
 * format; the fetch names the type by the bytes it serves, so such a copy is still served right.
 */
async function encodeBounded(
  source: CanvasImageSource & { width: number; height: number },
  longSide: number,
): Promise<{ webp: Uint8Array; jpeg: Uint8Array }> {
  const size = boundedSize(source.width, source.height, longSide);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on an OffscreenCanvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  const webp = await bytesOf(canvas, 'image/webp', WEBP_QUALITY);
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  const jpeg = await bytesOf(canvas, 'image/jpeg', JPEG_QUALITY);
  return { webp, jpeg };
}

/** Re-encodes a picture already drawn (the demo seed's) as an upload's files. */
export async function encodeCanvas(
  source: CanvasImageSource & { width: number; height: number },
): Promise<EncodedMedia> {
  const photo = await encodeBounded(source, MEDIA_LONG_SIDE);
  const thumbnail = await encodeBounded(source, MEDIA_THUMBNAIL_LONG_SIDE);
  return {
    ...boundedSize(source.width, source.height, MEDIA_LONG_SIDE),
    files: {
      'photo.webp': photo.webp,
      'photo.jpeg': photo.jpeg,
      'thumbnail.webp': thumbnail.webp,
      'thumbnail.jpeg': thumbnail.jpeg,
    },
  };
}

/** The browser's codec: createImageBitmap decodes (upright by EXIF), a canvas re-encodes. */
export const browserMediaCodec: MediaCodec = {
  async encode(bytes) {
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
        imageOrientation: 'from-image',
      });
    } catch {
      // Not an image the browser can decode (truncated, corrupt, a format it lacks).
      return undefined;
    }
    try {
      if (tooManyPixels(bitmap)) return undefined;
      return await encodeCanvas(bitmap);
    } finally {
      bitmap.close();
    }
  },
};

function browserCanEncode(): boolean {
  return typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function';
}

let injected: MediaCodec | undefined;

/** Tests in node (no canvas) give the mock a codec of their own; undefined goes back to the default. */
export function setMediaCodec(codec: MediaCodec | undefined): void {
  injected = codec;
}

/** The codec in use: the injected one, else the browser's. */
export function mediaCodec(): MediaCodec {
  if (injected) return injected;
  if (browserCanEncode()) return browserMediaCodec;
  throw new Error(
    'The mock backend has no image codec here: call setMediaCodec() (tests/mocks/sharp-media-codec.ts)',
  );
}
