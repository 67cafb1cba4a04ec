import { t } from '@lingui/core/macro';
import type { Preferences, UpdatePreferencesRequest } from '../../api/preferences-schemas';
import { api, withDefaultError } from '../../lib/http';

/**
 * GET and PUT /api/account/preferences (the contract's "Names people recognise"), with their
 * default errors (in the language spoken when the call is made).
 */

export function fetchPreferences(): Promise<Preferences> {
  return withDefaultError(t`Failed to fetch your preferences`, () =>
    api.get('account/preferences').json<Preferences>(),
  );
}

/** Any subset; answers every preference as now stored. */
export function updatePreferences(body: UpdatePreferencesRequest): Promise<Preferences> {
  return withDefaultError(t`Failed to save your preferences`, () =>
    api.put('account/preferences', { json: body }).json<Preferences>(),
  );
}
