import { WRITTEN_TIME_FUTURE_MS, WRITTEN_TIME_PAST_MS } from '../api/limits';
import { allow, refuse, type Decision } from './decision';

/**
 * When a note or comment was written (contract: "the time a note was written"). One written
 * offline and sent later keeps the time it was written, if that is believable: within the 30 days
 * before the server's clock and at most 5 minutes after it (a phone's clock may run a little
 * fast). Anything else is refused on the field, so nothing is dated by a wrong clock.
 */

export const WRITTEN_TIME_OUT_OF_RANGE =
  'Must lie within the 30 days before now and at most 5 minutes after it';

/** The `createTMS` to store, as ISO 8601 UTC: the time written, else now. */
export function decideWrittenTime(writtenTMS: string | undefined, now: Date): Decision<string> {
  if (writtenTMS === undefined) return allow(now.toISOString());
  const written = Date.parse(writtenTMS);
  const nowMs = now.getTime();
  if (
    Number.isNaN(written) ||
    written < nowMs - WRITTEN_TIME_PAST_MS ||
    written > nowMs + WRITTEN_TIME_FUTURE_MS
  ) {
    return refuse({
      status: 400,
      title: WRITTEN_TIME_OUT_OF_RANGE,
      errors: { writtenTMS: [WRITTEN_TIME_OUT_OF_RANGE] },
    });
  }
  return allow(new Date(written).toISOString());
}
