import { z } from 'zod';

/**
 * `writtenTMS` as a client sends it: an ISO 8601 date and time with its offset ("Z" or "+02:00").
 * Whether it is believable (not too old, not in the future) depends on the server's clock:
 * src/domain/written-time.ts.
 */
export const WRITTEN_TIME_FORMAT_MESSAGE =
  'Must be an ISO 8601 date and time, e.g. 2026-11-25T09:30:00Z';

export const writtenTime = z.iso.datetime({ offset: true, message: WRITTEN_TIME_FORMAT_MESSAGE });
