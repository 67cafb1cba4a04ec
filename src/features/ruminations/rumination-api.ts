import type {
  CreateRuminationRequest,
  Rumination,
  RuminationListParams,
  UpdateRuminationRequest,
} from '../../api/rumination-schemas';
import { api, requireToken, withDefaultError } from '../../lib/http';

/** API functions of /api/ruminations/* with the spec's default error texts (section 8). */

function toSearchParams(params: RuminationListParams): Record<string, string | number | boolean> {
  const search: Record<string, string | number | boolean> = {};
  if (params.isPublic !== undefined) search.isPublic = params.isPublic;
  if (params.UserId !== undefined) search.UserId = params.UserId;
  if (params.Limit !== undefined) search.Limit = params.Limit;
  if (params.BeforeId !== undefined) search.BeforeId = params.BeforeId;
  return search;
}

export function fetchMyRuminations(params: RuminationListParams): Promise<Rumination[]> {
  return withDefaultError('Failed to fetch my ruminations', () => {
    requireToken();
    return api.get('ruminations/my', { searchParams: toSearchParams(params) }).json<Rumination[]>();
  });
}

export function fetchFeed(params: RuminationListParams): Promise<Rumination[]> {
  return withDefaultError('Failed to fetch all ruminations', () => {
    requireToken();
    return api
      .get('ruminations/feed', { searchParams: toSearchParams(params) })
      .json<Rumination[]>();
  });
}

/** Public ruminations of everyone, or with `UserId` one user's (token optional). */
export function fetchPublicRuminations(params: RuminationListParams): Promise<Rumination[]> {
  const message =
    params.UserId === undefined
      ? 'Failed to fetch all ruminations'
      : 'Failed to fetch user ruminations';
  return withDefaultError(message, () =>
    api.get('ruminations/public', { searchParams: toSearchParams(params) }).json<Rumination[]>(),
  );
}

/** The header that makes a resent write (offline queue) happen once on the server. */
export function idempotencyHeaders(idempotencyKey?: string): Record<string, string> {
  return idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey };
}

export function createRumination(
  body: CreateRuminationRequest,
  idempotencyKey?: string,
): Promise<Rumination> {
  return withDefaultError('Failed to create rumination', () => {
    requireToken();
    return api
      .post('ruminations', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Rumination>();
  });
}

export function updateRumination(
  id: number,
  body: UpdateRuminationRequest,
  idempotencyKey?: string,
): Promise<Rumination> {
  return withDefaultError('Failed to update rumination', () =>
    api
      .put(`ruminations/${id}`, { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Rumination>(),
  );
}

export async function deleteRumination(id: number): Promise<void> {
  await withDefaultError('Failed to delete rumination', () => api.delete(`ruminations/${id}`));
}
