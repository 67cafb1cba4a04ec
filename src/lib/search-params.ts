/**
 * A search value restricted to a few literals; anything else (absent, misspelt, another type)
 * is left out, as if the link had none. Route validators run in the route tree that every first
 * visit downloads, so they are plain functions rather than zod schemas (zod/mini alone costs
 * several KB gzipped there).
 */
export function oneOf<const T extends string>(
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/** The longest tag a note can hold (src/domain/tags.ts TAG_MAX), written here to keep routes small. */
const TAG_PARAM_MAX = 50;

/**
 * A list's `?tag=` (My Ruminations, My Feed, Public): the tag without a leading `#`, or absent.
 * The server folds its case and form as it does a note's own tags.
 */
export function tagParam(value: unknown): { tag?: string } {
  if (typeof value !== 'string' && typeof value !== 'number') return {};
  const tag = String(value).replace(/^#/, '').trim().slice(0, TAG_PARAM_MAX);
  return tag === '' ? {} : { tag };
}
