import {
  CompiledQuery,
  PostgresAdapter,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';

/**
 * The key of the advisory lock the migrations hold: Kysely's own (its PostgresAdapter), so that an
 * instance of an older release, which still locks the Kysely way, waits for a newer one and back.
 */
const MIGRATION_LOCK_ID = BigInt('3853314791062309107');

/**
 * Kysely's adapter takes a session-level advisory lock before the migrations' transaction and
 * gives it back after. Behind a pooler in transaction mode (PgBouncer) those three statements can
 * run on three server connections: the lock stays on the first, held for ever, and the next
 * instance to start waits on it. Here the session lock is not taken at all...
 */
class TransactionLockedAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/**
 * ...and every transaction opened through this driver takes a transaction-level lock as its first
 * statement instead: it ends with the transaction, on whichever connection ran it. Only the
 * migrator's Kysely uses this driver, and every transaction it opens is the migrations'.
 */
class TransactionLockingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await this.inner.beginTransaction(connection, settings);
    // Waits while another instance migrates; then finds its migrations done and runs none twice.
    await connection.executeQuery(
      CompiledQuery.raw(`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`),
    );
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** A PostgreSQL dialect for running the migrations only: their lock lives inside their transaction. */
export function migrationDialect(postgres: Dialect): Dialect {
  return {
    createAdapter: () => new TransactionLockedAdapter(),
    createDriver: () => new TransactionLockingDriver(postgres.createDriver()),
    createQueryCompiler: () => postgres.createQueryCompiler(),
    createIntrospector: (db) => postgres.createIntrospector(db),
  };
}
