/**
 * Which failures say the database could not be reached or went away, rather than that a statement
 * was wrong: the pool that follows the primary discards such a connection, and the read router
 * leaves such a replica out or asks a replica what the primary could not answer.
 */

/** No node accepted writes within the search's time (a failover that has not finished yet). */
export class NoPrimaryError extends Error {
  readonly code = 'NO_PRIMARY';
}

/** The error's SQLSTATE (or node's socket error code), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Node's socket errors (ECONNREFUSED, ECONNRESET...), PostgreSQL's connection-exception class (08)
 * and shutdowns (57P01-57P03), no primary to be found, and the drivers' own words for a connection
 * that ended or timed out (they come without a code).
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof NoPrimaryError) return true;
  const code = errorCode(error);
  if (code !== undefined && /^(E[A-Z]+|08\w{3}|57P0[123])$/.test(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection (ended|closed)|timeout|not queryable/i.test(message);
}
