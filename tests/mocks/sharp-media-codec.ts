import sharp from 'sharp';
import { MEDIA_LONG_SIDE, MEDIA_MAX_PIXELS, MEDIA_THUMBNAIL_LONG_SIDE } from '../../src/api/limits';
import type { MediaCodec } from '../../mocks/media-codec';

/**
 * The mock backend's codec in node tests (node and happy-dom have no createImageBitmap or OffscreenCanvas): what
 * the demo's canvas does, done by sharp. Upright by EXIF orientation, bounded, re-encoded with no
 * metadata (sharp keeps none unless told), WebP and JPEG; undefined when the bytes do not decode.
 */
async function bounded(input: Buffer, longSide: number) {
  const base = () =>
    sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'warning' })
      .rotate()
      .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true });
  const webp = await base().webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  const jpeg = await base().flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  return { webp: new Uint8Array(webp.data), jpeg: new Uint8Array(jpeg), info: webp.info };
}

export const sharpMediaCodec: MediaCodec = {
  async encode(bytes) {
    const input = Buffer.from(bytes);
    try {
      const photo = await bounded(input, MEDIA_LONG_SIDE);
      const thumbnail = await bounded(input, MEDIA_THUMBNAIL_LONG_SIDE);
      return {
        width: photo.info.width,
        height: photo.info.height,
        files: {
          'photo.webp': photo.webp,
          'photo.jpeg': photo.jpeg,
          'thumbnail.webp': thumbnail.webp,
          'thumbnail.jpeg': thumbnail.jpeg,
        },
      };
    } catch {
      return undefined;
    }
  },
};
