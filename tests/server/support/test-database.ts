import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../../../server/config';
import { createDatabase, migrateToLatest } from '../../../server/db/database';
import type { Database } from '../../../server/db/schema';

/**
 * The database of one test app: a fresh in-memory SQLite database by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (`npm run test:server:pg` starts a throw-away one), a
 * fresh PostgreSQL database created for it and dropped on destroy. Either way at the latest schema
 * of the server's own migrations, so the whole server suite runs unchanged on both: the migrations
 * run once per run of the suite, into a template (createMigratedTemplate, the server project's
 * global setup), and each test database is a copy of it (a deserialized SQLite image, or
 * PostgreSQL's CREATE DATABASE ... TEMPLATE).
 *
 * With TEST_DATABASE_POOLER_URL too (scripts/pg/with-test-pgbouncer.sh: PgBouncer in transaction
 * mode in front of that server), `db` and `databaseUrl` reach the fresh database through the
 * pooler, as a deployment behind PgBouncer does, and `listenUrl` reaches it directly (LISTEN needs
 * a session of its own: DATABASE_LISTEN_URL).
 */
export interface TestDatabase {
  db: Kysely<Database>;
  /** The postgres:// address the app uses for the fresh database; undefined on SQLite. */
  databaseUrl: string | undefined;
  /** Its direct address (the notification listener's); undefined on SQLite and without a pooler. */
  listenUrl: string | undefined;
  destroy(): Promise<void>;
}

function postgresUrlOf(name: string): string | undefined {
  const url = process.env[name];
  return url !== undefined && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** The PostgreSQL server the server tests run against, or undefined for SQLite. */
export function testPostgresUrl(): string | undefined {
  return postgresUrlOf('TEST_DATABASE_URL');
}

/** PgBouncer in front of that server (TEST_DATABASE_POOLER_URL), or undefined. */
export function testPoolerUrl(): string | undefined {
  return testPostgresUrl() === undefined ? undefined : postgresUrlOf('TEST_DATABASE_POOLER_URL');
}

/**
 * How the tests connect to PostgreSQL, read from PG_PREPARED_STATEMENTS and PG_DRIVER as the server
 * reads them (off behind PgBouncer; PG_DRIVER=postgres-js runs the suite on postgres.js).
 */
export function testConnectionConfig(): Pick<AppConfig, 'pgPreparedStatements' | 'pgDriver'> {
  const { pgPreparedStatements, pgDriver } = loadConfig({
    PG_PREPARED_STATEMENTS: process.env['PG_PREPARED_STATEMENTS'],
    PG_DRIVER: process.env['PG_DRIVER'],
  });
  return { pgPreparedStatements, pgDriver };
}

/** The address through TEST_DATABASE_POOLER_URL of the database at `directUrl` (same name). */
export function poolerUrlOf(directUrl: string): string | undefined {
  const poolerUrl = testPoolerUrl();
  // The pooler's wildcard entry serves every database of the server under its own name.
  return poolerUrl === undefined
    ? undefined
    : withDatabaseName(poolerUrl, new URL(directUrl).pathname.slice(1));
}

/** A Kysely instance on `databaseUrl`, connected as testConnectionConfig() says. */
function connectTestDatabase(databaseUrl: string): Kysely<Database> {
  const { pgPreparedStatements, pgDriver } = testConnectionConfig();
  return createDatabase({
    databaseUrl,
    preparedStatements: pgPreparedStatements,
    driver: pgDriver,
  });
}

/** The rows of a statement (SHOW ..., KILL ...) on the admin console of TEST_DATABASE_POOLER_URL. */
export async function poolerConsole<Row extends object>(statement: string): Promise<Row[]> {
  const poolerUrl = testPoolerUrl();
  if (poolerUrl === undefined) throw new Error('TEST_DATABASE_POOLER_URL is not set');
  const admin = new pg.Client({ connectionString: withDatabaseName(poolerUrl, 'pgbouncer') });
  await admin.connect();
  try {
    // No parameters: the console speaks only the simple query protocol.
    return (await admin.query<Row>(statement)).rows;
  } finally {
    await admin.end();
  }
}

/** `url` with its database name replaced. */
function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates a PostgreSQL database on the server of `adminUrl`, empty or a copy of `template`;
 * returns its name.
 */
async function createPostgresDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const from = template === undefined ? '' : ` template ${template}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name}${from}`);
        break;
      } catch (error) {
        // Two copies of one template started at the same moment: the second may find the first
        // still reading it ("source database is being accessed by other users", 55006).
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  return name;
}

async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  // PgBouncer keeps its server connections to the database open after the app's pool has closed:
  // closed here (KILL), or the drop below would wait for them. RESUME lets the name in again.
  if (testPoolerUrl() !== undefined) {
    await poolerConsole(`kill ${name}`);
    await poolerConsole(`resume ${name}`);
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // pg's Pool.end() resolves before its sockets have closed, and FORCE would then terminate
    // those backends under a client that is still closing (an uncaught 57P01 error in the test
    // process). So: a plain DROP, retried while the database is still in use (55006) for a few
    // seconds, and FORCE (PostgreSQL 13+) only for a connection a test really left open.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 30) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, empty PostgreSQL database on the server of `adminUrl`: its direct address, and its end.
 */
export async function createEmptyPostgresDatabase(
  adminUrl: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const name = await createPostgresDatabase(adminUrl);
  return {
    databaseUrl: withDatabaseName(adminUrl, name),
    drop: () => dropPostgresDatabase(adminUrl, name),
  };
}

/** `work` on a connection of its own to the database at `databaseUrl`, closed afterwards. */
export async function withDatabase<T>(
  databaseUrl: string,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const db = connectTestDatabase(databaseUrl);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** Where the migrated schema is: what the server project's global setup hands every test file. */
type MigratedTemplate =
  { kind: 'sqlite'; imageFile: string } | { kind: 'postgres'; database: string };

/**
 * Handed over in the environment, which the test workers inherit (not Vitest's provide/inject:
 * the browser journeys import this file too, and Vitest's module must stay out of Playwright's).
 */
const TEMPLATE_VARIABLE = 'TEST_MIGRATED_TEMPLATE';

function migratedTemplate(): MigratedTemplate {
  const value = process.env[TEMPLATE_VARIABLE];
  if (value === undefined) {
    throw new Error(`${TEMPLATE_VARIABLE} is unset: run the server tests through vite.config.ts`);
  }
  return JSON.parse(value) as MigratedTemplate;
}

/**
 * The schema, migrated once: a serialized SQLite database in a file, or a PostgreSQL database on
 * TEST_DATABASE_URL's server that test databases are created from; named in TEST_MIGRATED_TEMPLATE
 * for the test workers. Returns what removes it.
 */
export async function createMigratedTemplate(): Promise<() => Promise<void>> {
  const adminUrl = testPostgresUrl();
  if (adminUrl === undefined) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-test-template-'));
    const imageFile = path.join(folder, 'migrated.sqlite');
    const db = createDatabase({ sqliteFile: imageFile });
    try {
      await migrateToLatest(db);
      // A file in WAL mode cannot be opened from its bytes in memory (SQLITE_CANTOPEN).
      await sql`pragma journal_mode = DELETE`.execute(db);
    } finally {
      await db.destroy();
    }
    process.env[TEMPLATE_VARIABLE] = JSON.stringify({ kind: 'sqlite', imageFile });
    return async () => fs.rmSync(folder, { recursive: true, force: true });
  }
  const name = await createPostgresDatabase(adminUrl);
  const db = createDatabase({ databaseUrl: withDatabaseName(adminUrl, name) });
  try {
    await migrateToLatest(db, withDatabaseName(adminUrl, name));
  } finally {
    await db.destroy();
  }
  process.env[TEMPLATE_VARIABLE] = JSON.stringify({ kind: 'postgres', database: name });
  return () => dropPostgresDatabase(adminUrl, name);
}

/**
 * `direct`: on the server itself even behind a pooler, with named statements (tests of what one
 * session of its own keeps).
 */
export async function createTestDatabase(
  options: { direct?: boolean } = {},
): Promise<TestDatabase> {
  const template = migratedTemplate();
  const adminUrl = testPostgresUrl();
  if (adminUrl === undefined) {
    if (template.kind !== 'sqlite') throw new Error('The migrated template is not SQLite');
    const db = createDatabase({ sqliteImage: migratedSqliteImage(template.imageFile) });
    return { db, databaseUrl: undefined, listenUrl: undefined, destroy: () => db.destroy() };
  }
  if (template.kind !== 'postgres') throw new Error('The migrated template is not PostgreSQL');
  const name = await createPostgresDatabase(adminUrl, template.database);
  const directUrl = withDatabaseName(adminUrl, name);
  const pooledUrl = options.direct === true ? undefined : poolerUrlOf(directUrl);
  const databaseUrl = pooledUrl ?? directUrl;
  const db =
    options.direct === true
      ? createDatabase({ databaseUrl, driver: testConnectionConfig().pgDriver })
      : connectTestDatabase(databaseUrl);
  return {
    db,
    databaseUrl,
    // The notification listener's direct address, behind a pooler.
    listenUrl: pooledUrl === undefined ? undefined : directUrl,
    async destroy() {
      await db.destroy();
      await dropPostgresDatabase(adminUrl, name);
    },
  };
}

let sqliteImage: { file: string; bytes: Buffer } | undefined;

/** The template's bytes, read once per test worker (each database opens its own copy of them). */
function migratedSqliteImage(file: string): Buffer {
  if (sqliteImage?.file !== file) sqliteImage = { file, bytes: fs.readFileSync(file) };
  return sqliteImage.bytes;
}
