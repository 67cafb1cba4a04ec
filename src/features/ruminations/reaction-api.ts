import { t } from '@lingui/core/macro';
import type { Reactor } from '../../api/reaction-schemas';
import type { ReactionKind } from '../../domain/reaction-kinds';
import { api, withDefaultError } from '../../lib/http';

/**
 * /api/ruminations/{id}/reactions with default error texts. Loaded with the reaction writes and the
 * "who reacted" dialog, not on the first visit.
 */

/** Adds (`on`) or takes back one reaction; both are idempotent, so a resend is harmless. */
export function sendReaction(ruminationId: number, kind: ReactionKind, on: boolean) {
  return withDefaultError(t`Failed to save reaction`, async () => {
    const path = `ruminations/${ruminationId}/reactions/${kind}`;
    await (on ? api.put(path) : api.delete(path));
  });
}

export function fetchReactors(ruminationId: number): Promise<Reactor[]> {
  return withDefaultError(t`Failed to fetch reactions`, () =>
    api.get(`ruminations/${ruminationId}/reactions`).json<Reactor[]>(),
  );
}
