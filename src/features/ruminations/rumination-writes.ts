import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { CreateRuminationRequest, RuminationWriteRequest } from '../../api/rumination-schemas';
import {
  registerOfflineWrite,
  type OfflineWrite,
  type OfflineWriteVariables,
} from '../offline/offline-writes';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { createRumination, updateRumination } from './rumination-write-api';
import { invalidateAfterRuminationChange } from './rumination-queries';
import { sendWithQueuedPhotos, type QueuedPhoto } from '../photos/queued-photos';

/**
 * A new rumination and an edit are offline writes (features/offline/offline-writes.ts): queued
 * while offline, kept across reloads, sent once with their idempotency key.
 */

export interface CreateRuminationWrite extends OfflineWriteVariables {
  /** With `writtenTMS`, the time Save was pressed (absent in writes queued before it existed). */
  body: CreateRuminationRequest;
  /**
   * Photos written offline and not uploaded yet: uploaded first, then the note goes with their ids
   * as `media` (features/photos/queued-photos.ts). Absent when the body's `media` says it all.
   */
  photos?: QueuedPhoto[];
}

export interface UpdateRuminationWrite extends OfflineWriteVariables {
  id: number;
  body: RuminationWriteRequest;
  /** The version the edit started from (If-Match); absent in writes queued before versions. */
  baseVersion?: number;
  /** As for a new note: photos to upload before the edit goes. */
  photos?: QueuedPhoto[];
}

export const ruminationWrites = {
  create: {
    name: ['rumination', 'create'],
    send: (write) =>
      sendWithQueuedPhotos(write.body, write.photos, (body) =>
        createRumination(body, write.idempotencyKey),
      ),
    afterSuccess: (queryClient) => invalidateAfterRuminationChange(queryClient),
  } satisfies OfflineWrite<CreateRuminationWrite>,
  update: {
    name: ['rumination', 'update'],
    send: (write) =>
      sendWithQueuedPhotos(write.body, write.photos, (body) =>
        updateRumination(write.id, body, write.idempotencyKey, write.baseVersion),
      ),
    afterSuccess: (queryClient) => invalidateAfterRuminationChange(queryClient),
    // A note changed elsewhere meanwhile: the person chooses, side by side (its view is
    // rumination-conflict-dialog.tsx, registered by the app shell: app/offline-writes.ts).
    waitsOnConflict: true,
  } satisfies OfflineWrite<UpdateRuminationWrite>,
};

/**
 * A new rumination (or draft) as the person pressed Save. `idempotencyKey`: the one the dialog
 * holds from opening to success, so that a second click sends the same write again, not another.
 * The time it was written goes with it (`writtenTMS`), made now and kept with the queued write, so
 * that a note sent later is dated when it was written; every attempt sends the same body.
 */
export function newRuminationWrite(
  body: RuminationWriteRequest,
  idempotencyKey: string = newIdempotencyKey(),
  writtenAt: Date = new Date(),
  photos?: QueuedPhoto[],
): CreateRuminationWrite {
  return {
    body: { ...body, writtenTMS: writtenAt.toISOString() },
    idempotencyKey,
    // What the "Not yet sent" list calls it, in the language spoken when it was written.
    label: body.publish ? t`New rumination` : t`New draft`,
    ...(photos ? { photos } : {}),
  };
}

/** An edit of `rumination` (as the dialog opened it: its id and version) as the person pressed Save. */
export function ruminationEditWrite(
  rumination: { id: number; version: number },
  body: RuminationWriteRequest,
  idempotencyKey: string = newIdempotencyKey(),
  photos?: QueuedPhoto[],
): UpdateRuminationWrite {
  return {
    id: rumination.id,
    baseVersion: rumination.version,
    body,
    idempotencyKey,
    label: t`Edited rumination`,
    ...(photos ? { photos } : {}),
  };
}

export function registerRuminationWrites(queryClient: QueryClient): void {
  registerOfflineWrite(queryClient, ruminationWrites.create);
  registerOfflineWrite(queryClient, ruminationWrites.update);
}
