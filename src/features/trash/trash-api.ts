import { t } from '@lingui/core/macro';
import type { PageQuery, TrashedRumination } from '../../api/rumination-schemas';
import { api, requireToken, searchParamsOf, withDefaultError } from '../../lib/http';

/**
 * The trash's own calls (GET and DELETE /api/ruminations/trash, DELETE .../permanent), loaded with
 * its page; the delete and its Undo are in ruminations/rumination-api.ts.
 */

/** The caller's trash, most recently deleted first. */
export function fetchTrash(params: PageQuery): Promise<TrashedRumination[]> {
  return withDefaultError(t`Failed to fetch the trash`, () => {
    requireToken();
    return api
      .get('ruminations/trash', { searchParams: searchParamsOf(params) })
      .json<TrashedRumination[]>();
  });
}

/** Erases a trashed rumination for good, with its comments and history. */
export async function deleteForGood(id: number): Promise<void> {
  await withDefaultError(t`Failed to delete rumination for good`, () =>
    api.delete(`ruminations/${id}/permanent`),
  );
}

export async function emptyTrash(): Promise<void> {
  await withDefaultError(t`Failed to empty the trash`, () => api.delete('ruminations/trash'));
}
