/**
 * Which failures say the database could not be reached or went away, rather than that a statement
 * was wrong: the pool that follows the primary discards such a connection, the read router leaves
 * such a replica out or asks a replica what the primary could not answer, and a request that met
 * one is answered 503 with Retry-After (server/http/error-handler.ts), not 500.
 */

/** No node accepted writes within the search's time (a failover that has not finished yet). */
export class NoPrimaryError extends Error {
  readonly code = 'NO_PRIMARY';
}

/** A write run on a server that has become read-only (a demoted primary, one not yet opened). */
export const READ_ONLY_SQL_TRANSACTION = '25006';

/**
 * SQLite's file stayed locked by another process (an operator's command) past busy_timeout: a
 * retry a moment later gets past it.
 */
const SQLITE_BUSY = 'SQLITE_BUSY';

/** PostgreSQL's connection-exception class (08) and shutdowns (57P01-57P03). */
const SERVER_GONE = /^(08\w{3}|57P0[123])$/;
/** The drivers' own words for a connection that ended (they come without a code). */
const CONNECTION_ENDED = /Connection terminated|connection (ended|closed)|not queryable/i;
/** Node's socket errors on the way to a server. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The error's SQLSTATE (or node's socket error code), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * Around a database call: any socket error (E...), the connection classes above, no primary to be
 * found, and the drivers' words for a connection that ended or timed out.
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof NoPrimaryError) return true;
  const code = errorCode(error);
  if (code !== undefined && (SERVER_GONE.test(code) || /^E[A-Z]+$/.test(code))) return true;
  return CONNECTION_ENDED.test(messageOf(error)) || /timeout/i.test(messageOf(error));
}

/**
 * For a request's answer, where the error may come from anywhere: the database was lost or turned
 * read-only under it (a failover), or its SQLite file stayed locked, which a retry a few seconds
 * later gets past. Narrower than
 * isConnectionError: a missing file (ENOENT) or a timeout of anything is still a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof NoPrimaryError) return true;
  const code = errorCode(error);
  if (code !== undefined) {
    return (
      SERVER_GONE.test(code) ||
      NETWORK_CODES.has(code) ||
      code === READ_ONLY_SQL_TRANSACTION ||
      code === SQLITE_BUSY
    );
  }
  return CONNECTION_ENDED.test(messageOf(error));
}
