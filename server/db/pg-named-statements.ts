import type pg from 'pg';

/**
 * PostgreSQL parses and plans every unnamed statement anew; Kysely sends only unnamed ones. This
 * gives each distinct SQL text a name, so that each connection prepares it once and then only
 * binds and executes it (pg keeps a connection's prepared statements). Only statements with
 * parameters are named (those without keep the simple protocol, which multi-statement migration
 * SQL needs), and at most `maxNames` texts: texts that vary with their input (an IN list of any
 * length) cannot fill the server's memory.
 */
export function withNamedStatements(pool: pg.Pool, maxNames = 2000): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < maxNames) {
      name = `r${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = nameOf(text);
        if (name !== undefined && callback === undefined) return query({ name, text, values });
      }
      return query(...args);
    };
  });
  return pool;
}
