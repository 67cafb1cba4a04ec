import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** How many distinct SQL texts keep a prepared statement; most of ours have fixed text. */
const MAX_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query anew; on a short read, compiling the SQL costs as much
 * as running it (the largest single item in a profile of the feed under load). This hands Kysely the
 * database with a `prepare` that keeps the statements of the last MAX_STATEMENTS SQL texts
 * (least recently used dropped first), so a hot query is compiled once. Safe because Kysely runs one
 * query at a time on its single SQLite connection, and SQLite re-prepares a statement by itself
 * after a schema change (migrations).
 */
export function withStatementCache(sqlite: SqliteDatabase): KyselySqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) {
          statements.delete(statements.keys().next().value as string);
        }
      } else {
        // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
        statements.delete(sql);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
