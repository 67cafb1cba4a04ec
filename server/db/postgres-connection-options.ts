/**
 * How the server connects to PostgreSQL, whichever driver it uses: both dialects
 * (postgres-dialect.ts for node-postgres, postgres-js-dialect.ts for postgres.js) take these, so
 * they live apart from either.
 */

/** The PostgreSQL drivers the server can use (PG_DRIVER); see docs/operations.md for the choice. */
export const POSTGRES_DRIVERS = ['pg', 'postgres-js'] as const;
export type PostgresDriverName = (typeof POSTGRES_DRIVERS)[number];

export interface PostgresConnectionOptions {
  /** Connections of the pool (default 10). */
  pgPoolMax?: number | undefined;
  /** Named prepared statements (default true). */
  preparedStatements?: boolean | undefined;
  driver?: PostgresDriverName | undefined;
  /** Give up connecting after this long (default: wait for the operating system). */
  connectTimeoutMs?: number | undefined;
  /** Give up waiting for a statement's answer after this long (default: wait). */
  queryTimeoutMs?: number | undefined;
}
