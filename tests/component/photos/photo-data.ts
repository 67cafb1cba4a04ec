import type { RuminationMedia } from '../../../src/api/media-schemas';

/** `count` photos as a rumination shows them: landscape and portrait in turn, the second without alt text. */
export function photos(count: number): RuminationMedia[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 100 + i,
    width: i % 2 === 0 ? 2048 : 1536,
    height: i % 2 === 0 ? 1536 : 2048,
    alt: i === 1 ? '' : `Photo number ${i + 1}`,
    url: `/api/media/${100 + i}/photo?viewer=7&expires=1800000000&sig=abc`,
    thumbnailUrl: `/api/media/${100 + i}/thumbnail?viewer=7&expires=1800000000&sig=abc`,
  }));
}
