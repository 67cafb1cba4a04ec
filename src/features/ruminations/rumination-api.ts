import { ifMatchOf } from '../../api/preconditions';
import type {
  Rumination,
  RuminationListQuery,
  RuminationWriteRequest,
} from '../../api/rumination-schemas';
import {
  api,
  idempotencyHeaders,
  requireToken,
  searchParamsOf,
  withDefaultError,
} from '../../lib/http';

/** API functions of /api/ruminations/* with the spec's default error texts (section 8). */

/** `signal`: a search typed further cancels the request for what was typed before. */
export function fetchMyRuminations(
  params: RuminationListQuery,
  signal?: AbortSignal,
): Promise<Rumination[]> {
  return withDefaultError('Failed to fetch my ruminations', () => {
    requireToken();
    return api
      .get('ruminations/my', { searchParams: searchParamsOf(params), signal })
      .json<Rumination[]>();
  });
}

export function fetchFeed(params: RuminationListQuery): Promise<Rumination[]> {
  return withDefaultError('Failed to fetch all ruminations', () => {
    requireToken();
    return api
      .get('ruminations/feed', { searchParams: searchParamsOf(params) })
      .json<Rumination[]>();
  });
}

/** One rumination, if the caller may read it (token optional); 404 alike for hidden and missing. */
export function fetchRumination(id: number): Promise<Rumination> {
  return withDefaultError('Failed to fetch rumination', () =>
    api.get(`ruminations/${id}`).json<Rumination>(),
  );
}

/** Public ruminations of everyone, or with `UserId` one user's (token optional). */
export function fetchPublicRuminations(params: RuminationListQuery): Promise<Rumination[]> {
  const message =
    params.UserId === undefined
      ? 'Failed to fetch all ruminations'
      : 'Failed to fetch user ruminations';
  return withDefaultError(message, () =>
    api.get('ruminations/public', { searchParams: searchParamsOf(params) }).json<Rumination[]>(),
  );
}

export function createRumination(
  body: RuminationWriteRequest,
  idempotencyKey?: string,
): Promise<Rumination> {
  return withDefaultError('Failed to create rumination', () => {
    requireToken();
    return api
      .post('ruminations', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Rumination>();
  });
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
  return withDefaultError('Failed to update rumination', () =>
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
  await withDefaultError('Failed to delete rumination', () =>
    api.delete(`ruminations/${id}`, { headers: ifMatchHeaders(baseVersion) }),
  );
}

/** Puts a trashed rumination back as it was. */
export function restoreFromTrash(id: number): Promise<Rumination> {
  return withDefaultError('Failed to restore rumination', () =>
    api.post(`ruminations/${id}/restore`).json<Rumination>(),
  );
}
