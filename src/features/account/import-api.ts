import { t } from '@lingui/core/macro';
import {
  importJob,
  importStarted,
  type ImportJob,
  type ImportStarted,
} from '../../api/import-schemas';
import { api, withDefaultError } from '../../lib/http';

/** The default errors, in the language spoken (the import section says them too). */
export const importStartFailed = () => t`Failed to import your journal`;
export const importReadFailed = () => t`Failed to read how your import is going`;

/** POST /api/account/import: the zip as a form's `file`; the job runs on the server. */
export function startImport(file: File): Promise<ImportStarted> {
  return withDefaultError(importStartFailed(), async () => {
    const form = new FormData();
    form.append('file', file, file.name);
    // Up to 200 MB on a slow line: the upload takes as long as it takes.
    const body = await api.post('account/import', { body: form, timeout: false }).json();
    return importStarted.parse(body);
  });
}

/** GET /api/account/import/{id}. */
export function fetchImport(id: number): Promise<ImportJob> {
  return withDefaultError(importReadFailed(), async () =>
    importJob.parse(await api.get(`account/import/${id}`).json()),
  );
}
