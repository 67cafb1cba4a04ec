import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { registerConflictView } from '../features/offline/offline-writes';
import { registerCommentWrites } from '../features/comments/comment-writes';
import { registerReactionWrites } from '../features/ruminations/reaction-writes';
import {
  registerRuminationWrites,
  ruminationWrites,
} from '../features/ruminations/rumination-writes';

/**
 * Every feature's offline writes, registered on the QueryClient when someone signs in (before their
 * stored queue is restored). The offline queue knows no feature: a new kind of offline write is
 * added here. Loaded lazily by main.tsx with the storage code, so signed-out visits skip it.
 */
export function registerFeatureWrites(queryClient: QueryClient): void {
  registerRuminationWrites(queryClient);
  registerCommentWrites(queryClient);
  registerReactionWrites(queryClient);
  registerConflictViews();
}

/** The side-by-side views of the writes that wait on conflicts, loaded when one is resolved. */
export function registerConflictViews(): void {
  // An edited note changed elsewhere meanwhile.
  registerConflictView(
    ruminationWrites.update,
    lazy(() => import('../features/ruminations/rumination-conflict-dialog')),
  );
}
