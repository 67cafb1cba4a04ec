import { t } from '@lingui/core/macro';
import { ifMatchOf } from '../../api/preconditions';
import type { PageQuery, Rumination, RuminationRevision } from '../../api/rumination-schemas';
import { api, searchParamsOf, withDefaultError } from '../../lib/http';

/** A note's history: GET .../revisions and POST .../revisions/{id}/restore (author only). */

/** The versions a note had before its current one, newest first. */
export function fetchRevisions(id: number, params: PageQuery): Promise<RuminationRevision[]> {
  return withDefaultError(t`Failed to fetch the history`, () =>
    api
      .get(`ruminations/${id}/revisions`, { searchParams: searchParamsOf(params) })
      .json<RuminationRevision[]>(),
  );
}

/** Makes an earlier version current again, as a new version on top of `baseVersion`. */
export function restoreRevision(
  id: number,
  revisionId: number,
  baseVersion: number,
): Promise<Rumination> {
  return withDefaultError(t`Failed to restore this version`, () =>
    api
      .post(`ruminations/${id}/revisions/${revisionId}/restore`, {
        headers: ifMatchOf(baseVersion),
      })
      .json<Rumination>(),
  );
}
