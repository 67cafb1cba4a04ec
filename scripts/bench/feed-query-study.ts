/**
 * Times the server's feed query (listFeed, through Kysely as the server runs it, statements kept)
 * for typical viewers and for the biggest hubs, on a SQLite data set made by `npm run bench`
 * (BENCH_WORK_DIR keeps it), and prints its query plan. The query itself is described at listFeed
 * (server/modules/ruminations/rumination-queries.ts).
 *
 *   npx tsx scripts/bench/feed-query-study.ts DIR/1M/ruminations.sqlite [viewerIds,...]
 */
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../server/db/schema';
import { withStatementCache } from '../../server/db/statement-cache';
import { listFeed } from '../../server/modules/ruminations/rumination-queries';

const file = process.argv[2];
if (!file) {
  console.error('usage: feed-query-study.ts SQLITE_FILE [viewerIds,...]');
  process.exit(2);
}
const raw = new SQLite(file, { readonly: true });
let lastQuery: CompiledQuery | undefined;
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: withStatementCache(raw) }),
  log: (event) => {
    lastQuery = event.query;
  },
});

const ids = (q: string) => (raw.prepare(q).all() as { id: number }[]).map((r) => r.id);
const related = `select viewer_id as id, count(*) as n from viewer_audiences group by viewer_id`;
const typical = ids(`select id from (${related}) where n between 10 and 33 order by id limit 200`);
const hubs = ids(`select id from (${related}) order by n desc, id limit 10`);
const chosen = process.argv[3]?.split(',').map(Number);

const page = { limit: 20, beforeId: undefined };
async function timeEach(viewers: number[], rounds: number): Promise<number> {
  for (const v of viewers) await listFeed(db, v, undefined, false, page);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const v of viewers) await listFeed(db, v, undefined, false, page);
  }
  return ((performance.now() - started) / (rounds * viewers.length)) * 1000;
}

const groups: [string, number[], number][] = chosen
  ? [['chosen viewers', chosen, 10]]
  : [
      [`${typical.length} typical viewers (10 to 33 related authors)`, typical, 10],
      [`${hubs.length} biggest hubs`, hubs, 3],
    ];
for (const [label, viewers, rounds] of groups) {
  console.log(`${label}: ${(await timeEach(viewers, rounds)).toFixed(0)} us per feed page`);
}
if (lastQuery) {
  const plan = raw.prepare(`explain query plan ${lastQuery.sql}`).all(...lastQuery.parameters) as {
    detail: string;
  }[];
  console.log(`plan:\n  ${plan.map((r) => r.detail).join('\n  ')}`);
}
await db.destroy();
