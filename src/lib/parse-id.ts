/** Largest id the API accepts (src/api/common.ts MAX_ID), without loading zod for one number. */
const MAX_ID = 2 ** 31 - 1;

/** The id in an address (a profile, a rumination), or null when it is not a positive integer. */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
