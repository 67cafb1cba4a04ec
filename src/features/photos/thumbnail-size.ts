import { MEDIA_THUMBNAIL_LONG_SIDE } from '../../api/limits';

/**
 * The size of a photo's thumbnail, from the photo's own: the same shape, at most
 * MEDIA_THUMBNAIL_LONG_SIDE on its long side (never larger than the photo). The card gives it to
 * each `<img>` as width and height, so the browser keeps the space before the bytes arrive.
 */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  const longSide = Math.max(width, height, 1);
  const scale = Math.min(1, MEDIA_THUMBNAIL_LONG_SIDE / longSide);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
