import type { QueryClient } from '@tanstack/react-query';
import { registerCommentWrites } from '../features/comments/comment-writes';
import { registerRuminationWrites } from '../features/ruminations/rumination-writes';

/**
 * Every feature's offline writes, registered on the QueryClient when someone signs in (before their
 * stored queue is restored). The offline queue knows no feature: a new kind of offline write is
 * added here. Loaded lazily by main.tsx with the storage code, so signed-out visits skip it.
 */
export function registerFeatureWrites(queryClient: QueryClient): void {
  registerRuminationWrites(queryClient);
  registerCommentWrites(queryClient);
}
