/** The search of the screens opened from emailed links. */
export interface TokenSearch {
  token?: string;
}

/**
 * `?token=` of the emailed links. The router parses search values as JSON, so an all-digit token
 * arrives as a number; anything unusable becomes "no token", which the screens explain.
 * A plain function, not zod: route validators sit in the route tree, which every first visit
 * downloads, and full zod would cost about 15 KB gzipped there.
 */
export function tokenSearch(search: Record<string, unknown>): TokenSearch {
  const value = search.token;
  if (typeof value !== 'string' && typeof value !== 'number') return {};
  const token = String(value).trim();
  return token === '' ? {} : { token };
}
