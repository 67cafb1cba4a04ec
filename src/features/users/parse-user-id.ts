/** Largest id the API accepts (src/api/common.ts MAX_ID), without loading zod for one number. */
const MAX_ID = 2 ** 31 - 1;

/** The user id of a profile address, or null when it is not a positive integer. */
export function parseUserId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
