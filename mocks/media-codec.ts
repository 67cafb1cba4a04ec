import { MEDIA_LONG_SIDE, MEDIA_THUMBNAIL_LONG_SIDE } from '../src/api/limits';
import { decodableSize } from '../src/domain/media-decisions';
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
      // The header's check (readImageHeader, decodableHeader) ran before, when the mock could read
      // the header; this one is for the files it could not: no more than the size limits.
      if (!decodableSize(bitmap)) return undefined;
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
