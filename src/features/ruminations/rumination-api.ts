import { t } from '@lingui/core/macro';
import type { Rumination, RuminationListQuery } from '../../api/rumination-schemas';
import type { TagCount } from '../../api/tag-schemas';
import { api, requireToken, searchParamsOf, withDefaultError } from '../../lib/http';

/**
 * The reads of /api/ruminations/* with the spec's default error texts (section 8). The writes are in
 * rumination-write-api.ts: a first visit reads notes, and loads the writes only with the first save.
 */

/** `signal`: a search typed further cancels the request for what was typed before. */
export function fetchMyRuminations(
  params: RuminationListQuery,
  signal?: AbortSignal,
): Promise<Rumination[]> {
  return withDefaultError(t`Failed to fetch my ruminations`, () => {
    requireToken();
    return api
      .get('ruminations/my', { searchParams: searchParamsOf(params), signal })
      .json<Rumination[]>();
  });
}

export function fetchFeed(params: RuminationListQuery): Promise<Rumination[]> {
  return withDefaultError(t`Failed to fetch all ruminations`, () => {
    requireToken();
    return api
      .get('ruminations/feed', { searchParams: searchParamsOf(params) })
      .json<Rumination[]>();
  });
}

/** One rumination, if the caller may read it (token optional); 404 alike for hidden and missing. */
export function fetchRumination(id: number): Promise<Rumination> {
  return withDefaultError(t`Failed to fetch rumination`, () =>
    api.get(`ruminations/${id}`).json<Rumination>(),
  );
}

/** Public ruminations of everyone, or with `UserId` one user's (token optional). */
export function fetchPublicRuminations(params: RuminationListQuery): Promise<Rumination[]> {
  const message =
    params.UserId === undefined
      ? t`Failed to fetch all ruminations`
      : t`Failed to fetch user ruminations`;
  return withDefaultError(message, () =>
    api.get('ruminations/public', { searchParams: searchParamsOf(params) }).json<Rumination[]>(),
  );
}

/** GET /api/account/tags: the caller's own tags, most used first. */
export function fetchMyTags(): Promise<TagCount[]> {
  return withDefaultError(t`Failed to fetch your tags`, () => {
    requireToken();
    return api.get('account/tags').json<TagCount[]>();
  });
}
