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
