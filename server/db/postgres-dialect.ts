import type { Dialect } from 'kysely';
import { PostgresDialect } from 'kysely';
import pg from 'pg';
import { withNamedStatements } from './pg-named-statements';
import { createPrimaryFollowingPool } from './primary-following-pool';
import { isMultiHostUrl } from './postgres-url';
import { postgresJsDialect } from './postgres-js-dialect';
import type { PostgresConnectionOptions } from './postgres-connection-options';

// The options live apart from both dialects, which take them; their users still find them here.
export {
  POSTGRES_DRIVERS,
  type PostgresConnectionOptions,
  type PostgresDriverName,
} from './postgres-connection-options';

/** A node-postgres pool of `url`, which never crashes the process when the server drops a connection. */
export function nodePostgresPool(url: string, options: PostgresConnectionOptions): pg.Pool {
  // COUNT(*) and BIGINT come back from pg as strings; ids and counts fit in JS numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolMax ?? 10,
    ...(options.connectTimeoutMs === undefined
      ? {}
      : { connectionTimeoutMillis: options.connectTimeoutMs }),
    ...(options.queryTimeoutMs === undefined ? {} : { query_timeout: options.queryTimeoutMs }),
  });
  // An idle connection that the server ends (restart, failover, admin) emits 'error' on the
  // pool; unhandled, that would crash the process. The pool replaces the connection by itself.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost (the pool reconnects): ${error.message}`);
  });
  // A connection that dies while checked out, between two statements (the server killed), emits
  // 'error' on the client, not the pool: unheard, it would crash the process. Its next statement
  // fails, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return (options.preparedStatements ?? true) ? withNamedStatements(pool) : pool;
}

/** Kysely's dialect for one PostgreSQL address (the primary, or one replica). */
export function postgresDialect(url: string, options: PostgresConnectionOptions): Dialect {
  if (options.driver === 'postgres-js') return postgresJsDialect(url, options);
  // node-postgres knows one host: with several (a failover group), a pool per node, and the
  // connections of whichever is the primary (primary-following-pool.ts).
  const pool = isMultiHostUrl(url)
    ? createPrimaryFollowingPool(url, (hostUrl) => nodePostgresPool(hostUrl, options))
    : nodePostgresPool(url, options);
  return new PostgresDialect({ pool });
}
