import { t } from '@lingui/core/macro';
import type { UserRef } from '../../api/common';
import { api, withDefaultError } from '../../lib/http';

/**
 * GET /api/users/search (contract: People). `signal` lets React Query cancel a search the person
 * has typed past.
 */
export function searchPeople(q: string, signal?: AbortSignal): Promise<UserRef[]> {
  return withDefaultError(t`Failed to search people`, () =>
    api
      .get('users/search', { searchParams: { q }, ...(signal ? { signal } : {}) })
      .json<UserRef[]>(),
  );
}
