import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  sql,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { Database } from './schema';
import { sqliteDialect } from './sqlite-dialect';
import { postgresDialect, type PostgresDriverName } from './postgres-dialect';
import { migrationDialect } from './migration-lock';
import { isPostgresUrl, serverAddressOf } from './postgres-url';
import { ReadRoutingDialect } from './read-routing-dialect';
import { ReplicaSet } from './replica-set';
import { registerSearchFunction } from './search-tokens';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-rumination-list-indexes';
import * as m0003 from './migrations/0003-idempotency-keys';
import * as m0004 from './migrations/0004-covering-read-indexes';
import * as m0005 from './migrations/0005-viewer-audiences';
import * as m0006 from './migrations/0006-username-search';
import * as m0007 from './migrations/0007-live-comment-count';
import * as m0008 from './migrations/0008-rate-counters';
import * as m0009 from './migrations/0009-rumination-search';
import * as m0010 from './migrations/0010-comments-by-author';
import * as m0011 from './migrations/0011-notifications';
import * as m0012 from './migrations/0012-search-secure-delete';
import * as m0013 from './migrations/0013-export-leases';
import * as m0014 from './migrations/0014-notification-streams';
import * as m0015 from './migrations/0015-versions-and-trash';
import * as m0016 from './migrations/0016-display-names';
import * as m0017 from './migrations/0017-preferences';
import * as m0018 from './migrations/0018-push-and-digests';
import * as m0019 from './migrations/0019-photos';
import * as m0020 from './migrations/0020-write-positions';
import * as m0021 from './migrations/0021-ask-each-time';
import * as m0022 from './migrations/0022-one-acceptance-ten-devices';
import * as m0023 from './migrations/0023-reactions';
import * as m0024 from './migrations/0024-tags-and-mentions';
import * as m0025 from './migrations/0025-time-zone-and-reminder';
import * as m0026 from './migrations/0026-imports';
import * as m0027 from './migrations/0027-reminders';
import * as m0028 from './migrations/0028-search-fold-linear';
import * as m0029 from './migrations/0029-languages';
import * as m0030 from './migrations/0030-feed-timelines';
import * as m0031 from './migrations/0031-feed-entries-no-foreign-key';

/**
 * Every migration, in order. Listed in code (not read from a folder) so that the server also runs
 * when bundled. Add one line per new `migrations/NNNN-*.ts` file; never rename or reorder.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-rumination-list-indexes': m0002,
  '0003-idempotency-keys': m0003,
  '0004-covering-read-indexes': m0004,
  '0005-viewer-audiences': m0005,
  '0006-username-search': m0006,
  '0007-live-comment-count': m0007,
  '0008-rate-counters': m0008,
  '0009-rumination-search': m0009,
  '0010-comments-by-author': m0010,
  '0011-notifications': m0011,
  '0012-search-secure-delete': m0012,
  '0013-export-leases': m0013,
  '0014-notification-streams': m0014,
  '0015-versions-and-trash': m0015,
  '0016-display-names': m0016,
  '0017-preferences': m0017,
  '0018-push-and-digests': m0018,
  '0019-photos': m0019,
  '0020-write-positions': m0020,
  '0021-ask-each-time': m0021,
  '0022-one-acceptance-ten-devices': m0022,
  '0023-reactions': m0023,
  '0024-tags-and-mentions': m0024,
  '0025-time-zone-and-reminder': m0025,
  '0026-imports': m0026,
  '0027-reminders': m0027,
  '0028-search-fold-linear': m0028,
  '0029-languages': m0029,
  '0030-feed-timelines': m0030,
  '0031-feed-entries-no-foreign-key': m0031,
};

export interface DatabaseConfig {
  /** postgres://... selects PostgreSQL. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:'. Used when databaseUrl is absent. */
  sqliteFile?: string;
  /**
   * Instead of a file: a serialized SQLite database (better-sqlite3's serialize()) opened in
   * memory, so that the tests start every database from one migrated copy.
   */
  sqliteImage?: Buffer;
  /** SQLite's page cache in MB (default 64; SQLite's own default is 2). */
  sqliteCacheMb?: number;
  /** SQLite's memory-mapped I/O window in MB (default 0: off). Mapped pages count in RSS. */
  sqliteMmapMb?: number;
  /**
   * PostgreSQL connections per instance (default 10). On the bench's 2 cores shared with
   * PostgreSQL, 5 answered the feed 15-25% faster than 10 (fewer backends contending for the
   * cores); a database on its own machine wants about its core count per instance or more.
   */
  pgPoolMax?: number;
  /**
   * Named prepared statements (default true; pg-named-statements.ts). Off behind a pooler in
   * transaction mode that cannot keep them (PgBouncer before 1.21): every statement is then
   * unnamed, parsed and planned anew.
   */
  preparedStatements?: boolean;
  /** The PostgreSQL driver (PG_DRIVER): node-postgres (default) or postgres.js. */
  driver?: PostgresDriverName;
  /** Read replicas of the PostgreSQL primary (DATABASE_REPLICA_URLS; read-routing-dialect.ts). */
  replicaUrls?: readonly string[];
  /** A replica further behind than this is left out (REPLICA_MAX_LAG_MS, default 1000). */
  replicaMaxLagMs?: number;
}

/**
 * A replica that hangs (accepts a connection, never answers) must cost a read no more than this:
 * the primary then answers it (read-routing-dialect.ts).
 */
const REPLICA_TIMEOUTS = { connectTimeoutMs: 1000, queryTimeoutMs: 5000 };

const readRouted = new WeakSet<Kysely<Database>>();

/** Does `db` send reads to replicas (so that requests must record where their writes ended)? */
export function isReadRouted(db: Kysely<Database>): boolean {
  return readRouted.has(db);
}

export function createDatabase(config: DatabaseConfig): Kysely<Database> {
  if (isPostgresUrl(config.databaseUrl)) {
    const primary = postgresDialect(config.databaseUrl, config);
    const replicaUrls = config.replicaUrls ?? [];
    if (replicaUrls.length === 0) return new Kysely<Database>({ dialect: primary });
    const replicas = new ReplicaSet(
      replicaUrls.map((url) => ({
        name: serverAddressOf(url),
        db: new Kysely<Database>({
          dialect: postgresDialect(url, { ...config, ...REPLICA_TIMEOUTS }),
        }),
      })),
      new Kysely<Database>({
        dialect: postgresDialect(config.databaseUrl, {
          ...config,
          pgPoolMax: 1,
          ...REPLICA_TIMEOUTS,
        }),
      }),
      config.replicaMaxLagMs ?? 1000,
    );
    const db = new Kysely<Database>({ dialect: new ReadRoutingDialect(primary, replicas) });
    readRouted.add(db);
    return db;
  }
  const file = config.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(config.sqliteImage ?? file);
  // WAL lets readers run beside the writer; FULL syncs every commit (an acknowledged write
  // survives a power cut); busy_timeout waits for a lock held by another process instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted content is overwritten with zeros, not left in free space: an erased account's notes,
  // comments and email must not stay readable in the file (api-contract.md "My account"). Costs
  // the writes of the freed bytes, on deletes only.
  sqlite.pragma('secure_delete = ON');
  // Page cache (negative cache_size means KiB; SQLite's default is 2 MB) and memory map, both
  // configurable. Measured at 1M ruminations (README, Performance): the cache size made no
  // difference beyond noise; mmap gained 8-18% on the feed but its mapped pages count in RSS, so
  // it is off unless asked for.
  sqlite.pragma(`cache_size = -${Math.round((config.sqliteCacheMb ?? 64) * 1024)}`);
  sqlite.pragma(`mmap_size = ${Math.round((config.sqliteMmapMb ?? 0) * 1024 * 1024)}`);
  registerSearchFunction(sqlite);
  return new Kysely<Database>({ dialect: sqliteDialect(sqlite) });
}

/**
 * After an account's erasure, so that it is gone from the files too (api-contract.md "My
 * account"). On SQLite the WAL still holds the pages as they were before, with the person's notes
 * in them, until it is written over: this copies every frame into the database file (where
 * secure_delete has zeroed what the erasure deleted) and truncates the WAL to nothing. False when
 * a reader on another connection (an operator's command) kept it from finishing; the next
 * erasure's, or SQLite's own checkpoints, then finish the copy, but the WAL is only emptied by a
 * complete one. PostgreSQL: nothing to do here (docs/operations.md says what it keeps until
 * VACUUM).
 */
export async function checkpointAfterErasure(db: Kysely<Database>): Promise<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return true;
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return rows[0]?.busy === 0;
}

/**
 * checkpointAfterErasure for the requests and jobs that erase (an account, notes erased for good):
 * what was erased is gone either way, so a failure, or a reader that keeps the checkpoint from
 * finishing, is logged and not answered; SQLite's own checkpoints finish the copy later.
 */
export async function emptyWalAfterErasure(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    if (!(await checkpointAfterErasure(db))) {
      log.warn('The WAL could not be emptied after an erasure: another connection reads it');
    }
  } catch (error) {
    log.error({ err: error }, 'Checkpointing the WAL after an erasure failed');
  }
}

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

/** Brings the schema to one named migration (tests of what a migration does to existing data). */
export async function migrateTo(db: Kysely<Database>, migrationName: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(migrationName);
  if (error !== undefined) throw new Error(`Database migration failed`, { cause: error });
}

/**
 * Brings the schema up to date. On PostgreSQL the migrations run on a connection of their own to
 * `postgresUrl` (DATABASE_LISTEN_URL, else DATABASE_URL: a pooler in transaction mode is fine),
 * under a lock taken inside their transaction (migration-lock.ts), so that several instances
 * starting at once run each migration exactly once. SQLite: Kysely's own lock, on `db`.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  postgresUrl?: string | undefined,
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    if (!isPostgresUrl(postgresUrl)) throw new Error('Migrating PostgreSQL needs its address');
    // One connection, unnamed statements (a pooler may keep none), node-postgres: migrations
    // run once per start, and through the plainest path.
    const dialect = postgresDialect(postgresUrl, { pgPoolMax: 1, preparedStatements: false });
    const migrating = new Kysely<Database>({ dialect: migrationDialect(dialect) });
    try {
      await runMigrations(migrating);
    } finally {
      await migrating.destroy();
    }
    return;
  }
  await runMigrations(db);
}

async function runMigrations(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}
