import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../../../server/db/database';
import type { Database } from '../../../server/db/schema';

/**
 * The database of one test app: a fresh in-memory SQLite database by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (`npm run test:server:pg` starts a throw-away one), a
 * fresh PostgreSQL database created for it and dropped on destroy. Either way migrated to the latest
 * schema by the server's own migrations, so the whole server suite runs unchanged on both.
 */
export interface TestDatabase {
  db: Kysely<Database>;
  /** The postgres:// address of the fresh database; undefined on SQLite. */
  databaseUrl: string | undefined;
  destroy(): Promise<void>;
}

/** The PostgreSQL server the server tests run against, or undefined for SQLite. */
export function testPostgresUrl(): string | undefined {
  const url = process.env['TEST_DATABASE_URL'];
  return url !== undefined && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** `url` with its database name replaced. */
function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates an empty PostgreSQL database on the server of `adminUrl`; returns its name. */
async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return name;
}

async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
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

/** A fresh, empty PostgreSQL database on the server of `adminUrl`: its address, and its end. */
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
  const db = createDatabase({ databaseUrl });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testPostgresUrl();
  if (adminUrl === undefined) {
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    return { db, databaseUrl: undefined, destroy: () => db.destroy() };
  }
  const empty = await createEmptyPostgresDatabase(adminUrl);
  const db = createDatabase({ databaseUrl: empty.databaseUrl });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await empty.drop();
    throw error;
  }
  return {
    db,
    databaseUrl: empty.databaseUrl,
    async destroy() {
      await db.destroy();
      await empty.drop();
    },
  };
}
