import { z } from 'zod';
import { id, idInput } from './common';

/**
 * Wire schemas of "Bring your journal: import" (api-contract.md): POST /api/account/import takes a
 * multipart form with one `file` (a zip) and answers 202 `{ id }`; GET /api/account/import/{id}
 * answers the job as it stands.
 */

/** The largest file an import takes (over: 413). */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const IMPORT_MAX_MB = 200;

export const importStarted = z.object({ id });
export type ImportStarted = z.infer<typeof importStarted>;

export const importIdParams = z.object({ id: idInput });

export const importState = z.enum(['running', 'done', 'failed']);
export type ImportState = z.infer<typeof importState>;

/** An entry that was skipped, by its name in the file (a Day One uuid, a note's file name). */
export const importError = z.object({ entry: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importError>;

export const importJob = z.object({
  id,
  state: importState,
  imported: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  errors: z.array(importError),
});
export type ImportJob = z.infer<typeof importJob>;
