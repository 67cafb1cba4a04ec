import { t } from '@lingui/core/macro';
import type { UserProfile } from '../../api/people-schemas';
import { api, withDefaultError } from '../../lib/http';

/** GET /api/users/{id}: name and public rumination count of a profile (api-contract.md). */
export function fetchProfile(id: number): Promise<UserProfile> {
  return withDefaultError(t`Failed to fetch user`, () =>
    api.get(`users/${id}`).json<UserProfile>(),
  );
}
