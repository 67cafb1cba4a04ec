import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Rumination } from '../../api/rumination-schemas';
import { toggleReaction, type ReactionKind } from '../../domain/reaction-kinds';
import { ruminationKeys } from '../../lib/query-keys';

/**
 * A tap shown at once: the counts of rumination `id` in every cached list and page become what the
 * server will answer (`toggleReaction`), before the write is sent. The same call with `on` turned
 * round takes it back when the write fails; the lists are refetched once it has been sent.
 */
export function applyReactionLocally(
  queryClient: QueryClient,
  id: number,
  kind: ReactionKind,
  on: boolean,
): void {
  const patch = (r: Rumination): Rumination =>
    r.id === id ? { ...r, reactions: toggleReaction(r.reactions, kind, on) } : r;
  queryClient.setQueriesData<unknown>({ queryKey: ruminationKeys.all }, (data: unknown) => {
    if (isPaged(data)) return { ...data, pages: data.pages.map((page) => page.map(patch)) };
    if (isRumination(data)) return patch(data);
    // Who reacted (an array of people), or nothing cached yet.
    return data;
  });
}

function isPaged(data: unknown): data is InfiniteData<Rumination[]> {
  return (
    typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages)
  );
}

function isRumination(data: unknown): data is Rumination {
  return typeof data === 'object' && data !== null && Array.isArray((data as Rumination).reactions);
}
