import type { Dialect } from 'kysely';
import { PostgresJSDialect, type PostgresJSDialectConfig } from 'kysely-postgres-js';
import postgres from 'postgres';
import type { PostgresConnectionOptions } from './postgres-dialect';

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
  const client = preparing(sql, options.preparedStatements ?? true);
  return new PostgresJSDialect({ postgres: () => client });
}

/**
 * kysely-postgres-js runs every query with `unsafe(text, values)`, which postgres.js never
 * prepares (`prepare: false` unless the call says otherwise): each query with parameters then
 * costs a round trip to describe it before the one that runs it. This asks for the prepared
 * statement on every query with parameters, for at most `maxTexts` distinct texts, so that texts
 * that vary with their input (an IN list of any length) cannot fill the server's memory
 * (pg-named-statements.ts does the same for node-postgres). Queries without parameters keep the
 * simple protocol, which multi-statement migration SQL needs.
 */
function preparing(sql: postgres.Sql, prepare: boolean, maxTexts = 2000): PostgresJSSql {
  const texts = new Set<string>();
  const shouldPrepare = (text: string): boolean => {
    if (!prepare) return false;
    if (texts.size < maxTexts) texts.add(text);
    return texts.has(text);
  };
  return {
    end: () => sql.end(),
    reserve: async () => {
      const reserved = await sql.reserve();
      return {
        release: () => reserved.release(),
        unsafe: (text: string, values: postgres.ParameterOrJSON<never>[] = []) =>
          reserved.unsafe(text, values, { prepare: values.length > 0 && shouldPrepare(text) }),
      };
    },
  };
}
