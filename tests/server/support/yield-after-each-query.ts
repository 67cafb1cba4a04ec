import type { KyselyPlugin } from 'kysely';

/**
 * better-sqlite3 answers within the call, so on SQLite no other request could run between two
 * queries of one request, and a check made outside the write's transaction would look safe. Each
 * query here ends a turn of the event loop, as a network database's answer does: requests then
 * interleave between any two queries, and only a check made in the write's own transaction holds.
 * For the races of writes with an account's deletion (createTestApp's dbPlugins).
 */
export const yieldAfterEachQuery: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    await new Promise((resolve) => setImmediate(resolve));
    return args.result;
  },
};
