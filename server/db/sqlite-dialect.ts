import type { Database as SqliteDatabase } from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';
import { withStatementCache } from './statement-cache';

/**
 * Kysely's SQLite driver begins a transaction DEFERRED: it takes the write lock only at its first
 * write. If another process (an operator's command, a second program on the same file) commits
 * between the transaction's first read and that write, SQLite fails the write at once with
 * SQLITE_BUSY, without waiting on busy_timeout, since waiting could not help a snapshot that is
 * already stale: 125 of 400 note writes answered 500 beside another process adding people. BEGIN
 * IMMEDIATE takes the write lock first, waiting on busy_timeout like any single write. It costs
 * nothing here: Kysely runs one query at a time on its one connection anyway.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionsDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new ImmediateTransactionsDriver(this.#config);
  }
}

/** The Kysely dialect of the server's SQLite database (statement cache, immediate transactions). */
export function sqliteDialect(sqlite: SqliteDatabase): SqliteDialect {
  return new ImmediateTransactionsDialect({ database: withStatementCache(sqlite) });
}
