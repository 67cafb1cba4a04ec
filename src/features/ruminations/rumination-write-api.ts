import { t } from '@lingui/core/macro';
import { ifMatchOf } from '../../api/preconditions';
import type {
  CreateRuminationRequest,
  Rumination,
  RuminationWriteRequest,
} from '../../api/rumination-schemas';
import { api, idempotencyHeaders, requireToken, withDefaultError } from '../../lib/http';
import { sendKeepingWrittenTime } from '../../lib/written-time-send';

/**
 * The writes of /api/ruminations/* with the spec's default error texts (section 8), apart from the
 * reads (rumination-api.ts) so that they load with the offline-write machinery (the "writes" chunk
 * of vite.config.ts), not on the first visit.
 */

function postRumination(body: CreateRuminationRequest, idempotencyKey?: string) {
  return withDefaultError(t`Failed to create rumination`, () => {
    requireToken();
    return api
      .post('ruminations', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Rumination>();
  });
}

/**
 * `writtenTMS`: when the person pressed Save, so that a note sent later (offline) keeps that time
 * (sent again without it if the server cannot believe it: src/lib/written-time-send.ts).
 */
export function createRumination(
  body: CreateRuminationRequest,
  idempotencyKey?: string,
): Promise<Rumination> {
  return sendKeepingWrittenTime(body, (sent) => postRumination(sent, idempotencyKey));
}

/**
 * `baseVersion`: the version the edit started from, sent as `If-Match` so that an edit made
 * meanwhile elsewhere answers 412 instead of being overwritten (absent: last write wins).
 */
export function updateRumination(
  id: number,
  body: RuminationWriteRequest,
  idempotencyKey?: string,
  baseVersion?: number,
): Promise<Rumination> {
  return withDefaultError(t`Failed to update rumination`, () =>
    api
      .put(`ruminations/${id}`, {
        json: body,
        headers: { ...idempotencyHeaders(idempotencyKey), ...ifMatchHeaders(baseVersion) },
      })
      .json<Rumination>(),
  );
}

/** Headers of a change based on `baseVersion` (absent: last write wins, as before versions). */
function ifMatchHeaders(baseVersion?: number): Record<string, string> {
  return baseVersion === undefined ? {} : ifMatchOf(baseVersion);
}

/** Moves it to the trash; `baseVersion` as for an edit: a note changed meanwhile answers 412. */
export async function deleteRumination(id: number, baseVersion?: number): Promise<void> {
  await withDefaultError(t`Failed to delete rumination`, () =>
    api.delete(`ruminations/${id}`, { headers: ifMatchHeaders(baseVersion) }),
  );
}

/** Puts a trashed rumination back as it was. */
export function restoreFromTrash(id: number): Promise<Rumination> {
  return withDefaultError(t`Failed to restore rumination`, () =>
    api.post(`ruminations/${id}/restore`).json<Rumination>(),
  );
}
