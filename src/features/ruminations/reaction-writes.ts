import { t } from '@lingui/core/macro';
import { MutationObserver, type Mutation, type QueryClient } from '@tanstack/react-query';
import { REACTION_EMOJI, reactionName, type ReactionKind } from '../../domain/reaction-kinds';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { ruminationKeys } from '../../lib/query-keys';
import { showToast } from '../../lib/toasts';
import {
  offlineWriteKey,
  offlineWriteOptions,
  registerOfflineWrite,
  type OfflineWrite,
  type OfflineWriteVariables,
} from '../offline/offline-writes';
import { sendReaction } from './reaction-api';
import { applyReactionLocally } from './reaction-cache';

/**
 * A reaction (or taking one back) is an offline write (features/offline/offline-writes.ts): queued
 * while offline, kept across reloads, sent in order. PUT and DELETE are idempotent, so a replay
 * never doubles one; the idempotency key only names the write in the queue.
 */

export interface ReactionWrite extends OfflineWriteVariables {
  ruminationId: number;
  kind: ReactionKind;
  /** true: add it (PUT); false: take it back (DELETE). */
  on: boolean;
}

export const reactionWrites = {
  toggle: {
    name: ['reaction', 'toggle'],
    send: (write) => sendReaction(write.ruminationId, write.kind, write.on),
    afterSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: ruminationKeys.all }),
  } satisfies OfflineWrite<ReactionWrite>,
};

export function registerReactionWrites(queryClient: QueryClient): void {
  registerOfflineWrite(queryClient, reactionWrites.toggle);
}

function reactionWrite(ruminationId: number, kind: ReactionKind, on: boolean): ReactionWrite {
  return {
    ruminationId,
    kind,
    on,
    // What the "Not yet sent" list shows of it, in the language spoken when it was made.
    body: { content: `${REACTION_EMOJI[kind]} ${reactionName(kind, sayShared)}` },
    idempotencyKey: newIdempotencyKey(),
    label: on ? t`Reaction` : t`Reaction taken back`,
  };
}

/**
 * The same reaction, the other way round, still waiting in the queue (offline): a tap and its undo
 * then cancel out, and neither is sent.
 */
function waitingOpposite(queryClient: QueryClient, write: ReactionWrite): Mutation | undefined {
  const key = JSON.stringify(offlineWriteKey(reactionWrites.toggle));
  return queryClient
    .getMutationCache()
    .getAll()
    .find((m) => {
      const v = m.state.variables as ReactionWrite | undefined;
      return (
        JSON.stringify(m.options.mutationKey) === key &&
        m.state.isPaused &&
        v !== undefined &&
        v.ruminationId === write.ruminationId &&
        v.kind === write.kind &&
        v.on !== write.on
      );
    });
}

/**
 * Sends a tap on a reaction (or queues it offline) once the card has shown it
 * (applyReactionLocally, at the tap). A write that fails with an answer (not for want of a
 * network) takes the change back on screen and says so.
 */
export function sendReactionWrite(
  queryClient: QueryClient,
  ruminationId: number,
  kind: ReactionKind,
  on: boolean,
): void {
  const write = reactionWrite(ruminationId, kind, on);
  const opposite = waitingOpposite(queryClient, write);
  if (opposite) {
    queryClient.getMutationCache().remove(opposite);
    return;
  }
  const observer = new MutationObserver(queryClient, {
    ...offlineWriteOptions(reactionWrites.toggle, queryClient),
    onError: (error) => {
      applyReactionLocally(queryClient, ruminationId, kind, !on);
      showToast({ message: errorMessage(error, t`Failed to save reaction`) });
    },
  });
  observer.mutate(write).catch(() => {
    // Taken back and told in onError.
  });
}
