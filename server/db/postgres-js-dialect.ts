import type { Dialect } from 'kysely';
import { PostgresJSDialect, type PostgresJSDialectConfig } from 'kysely-postgres-js';
import postgres from 'postgres';
import type { PostgresConnectionOptions } from './postgres-connection-options';

/** The postgres.js client as kysely-postgres-js takes it (its own type is not exported). */
type PostgresJSSql = Extract<PostgresJSDialectConfig['postgres'], { reserve: unknown }>;

/**
 * Kysely's dialect for one PostgreSQL address over postgres.js (PG_DRIVER=postgres-js), the
 * alternative to node-postgres measured by `BENCH_PG_DRIVERS=pg,postgres-js npm run bench`.
 */
export function postgresJsDialect(url: string, options: PostgresConnectionOptions): Dialect {
  const sql = postgres(url, {
    max: options.pgPoolMax ?? 10,
    prepare: options.preparedStatements ?? true,
    // COUNT(*) and BIGINT come back as strings; ids, counts and times in ms fit in JS numbers,
    // and the app reads them as numbers (as the pg driver's INT8 parser gives them).
    types: {
      int8: {
        to: 20,
        from: [20],
        serialize: (v: number) => String(v),
        parse: (v: string) => Number(v),
      },
    },
    // Migrations' "create ... if not exists" notices are not news in the server's log.
    onnotice: () => undefined,
  });
  // As a factory: kysely-postgres-js takes only a function (postgres.js's Sql) as the client itself.
  const client = pipelining(sql, options.preparedStatements ?? true);
  return new PostgresJSDialect({ postgres: () => client });
}

/** A query's outcome as kysely-postgres-js reads it: rows, and the command's name and count. */
type Result = postgres.RowList<postgres.Row[]>;

/**
 * The client kysely-postgres-js gets. Two things differ from handing it postgres.js's own:
 *
 * Prepared statements. kysely-postgres-js runs every query with `unsafe(text, values)`, which
 * postgres.js never prepares (`prepare: false` unless the call says otherwise): each query with
 * parameters then costs a round trip to describe it before the one that runs it. This asks for
 * the prepared statement on every query with parameters, for at most `maxTexts` distinct texts, so
 * that texts that vary with their input (an IN list of any length) cannot fill the server's memory
 * (pg-named-statements.ts does the same for node-postgres). Queries without parameters keep the
 * simple protocol, which multi-statement migration SQL needs.
 *
 * Pipelining. kysely-postgres-js reserves a connection (`sql.reserve()`) for every query, which
 * takes postgres.js's pipelining away: a connection then carries one query at a time. Here a
 * connection is reserved only when a transaction begins; any other query goes to the pool, which
 * pipelines queries on its connections. A statement that leaves state on its session (see
 * pinsSession) reserves one too, for the rest of that Kysely connection: Kysely's migrator takes a
 * session-level advisory lock through `db.connection()` before its transaction, and must release
 * it on the same session. Other session state set outside a transaction (a `set_config(..., false)`)
 * would not be pinned on this driver.
 */
function pipelining(sql: postgres.Sql, prepare: boolean, maxTexts = 2000): PostgresJSSql {
  const texts = new Set<string>();
  const shouldPrepare = (text: string): boolean => {
    if (!prepare) return false;
    if (texts.size < maxTexts) texts.add(text);
    return texts.has(text);
  };
  return {
    end: () => sql.end(),
    reserve: () => Promise.resolve(lazilyReserved(sql, shouldPrepare)),
  };
}

/** One Kysely connection: the pool, or a connection of its own once a transaction begins. */
function lazilyReserved(sql: postgres.Sql, shouldPrepare: (text: string) => boolean) {
  let reserved: postgres.ReservedSql | undefined;
  // The error that ended the reserved connection's backend (see connectionLost).
  let lost: unknown;
  const run = async (text: string, values: postgres.ParameterOrJSON<never>[] = []) => {
    if (lost !== undefined) throw lost;
    if (reserved === undefined && pinsSession(text)) reserved = await sql.reserve();
    const options = { prepare: values.length > 0 && shouldPrepare(text) };
    try {
      return (await (reserved ?? sql).unsafe(text, values, options)) as Result;
    } catch (error) {
      if (reserved !== undefined && connectionLost(error)) lost = error;
      throw error;
    }
  };
  return {
    unsafe: run,
    release: () => {
      // postgres.js 3.4.9 puts a released connection back among the open ones even when its
      // backend has gone (the pool has already counted it closed): the pool's next query on it
      // then throws from a timer, which no caller can catch, and ends the process
      // (porsager/postgres#1199, #1208). Not released, it stays closed, and the pool reconnects it.
      if (reserved !== undefined && lost === undefined) reserved.release();
      reserved = undefined;
    },
  };
}

/** Statements after which the next ones must run on the same session. */
function pinsSession(text: string): boolean {
  return (
    /^\s*(begin|start transaction|set\s+(?!local\b))/i.test(text) ||
    /\bpg_(try_)?advisory_lock(_shared)?\s*\(/i.test(text)
  );
}

/** True when `error` means the connection is gone (not a statement's error on a live one). */
function connectionLost(error: unknown): boolean {
  const e = error as { code?: unknown; syscall?: unknown; severity?: unknown };
  return (
    e.code === 'CONNECTION_CLOSED' ||
    e.code === 'CONNECTION_DESTROYED' ||
    e.code === 'CONNECTION_ENDED' ||
    e.syscall !== undefined ||
    (error instanceof postgres.PostgresError && (e.severity === 'FATAL' || e.severity === 'PANIC'))
  );
}
