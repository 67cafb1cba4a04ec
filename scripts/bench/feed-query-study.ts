/**
 * Times the server's own feed query (listFeed, through Kysely as the server runs it) against the
 * alternative below, and checks that both give the same page, on a SQLite data set made by
 * `npm run bench` (BENCH_WORK_DIR keeps it). The server used to send a UNION ALL of one sub-query
 * per related author with a per-row EXISTS (5.8 ms typical, 2 s for a hub at 1M ruminations); it now
 * sends one fixed-text query built on the same idea as the alternative (see listFeed).
 *
 *   npx tsx scripts/bench/feed-query-study.ts DIR/1M/ruminations.sqlite [viewerIds,...]
 *
 * The alternative, in two steps:
 * 1. one query over user_relations gives, per related author, the mask of audience types the viewer
 *    belongs to (Therapist only when the author initiated), so the visibility test of a row is
 *    `audience_mask = 0 or audience_mask & mask <> 0`: no correlated EXISTS per row;
 * 2. the page's ids come from a join of those (author, mask) pairs with the covering index
 *    ruminations_author_audience_id (author_id, is_published, audience_mask, id) (index only, no
 *    table rows), sorted and cut to one page; then the 20 rows are read by id.
 * The SQL here is SQLite's (json_each); in the server, a VALUES list or unnest() on PostgreSQL.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../server/db/schema';
import { listFeed } from '../../server/modules/ruminations/rumination-queries';

const file = process.argv[2];
if (!file) {
  console.error('usage: feed-query-study.ts SQLITE_FILE [viewerIds,...]');
  process.exit(2);
}
const raw = new SQLite(file, { readonly: true });
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });

const THERAPIST = 5;
const relations = raw.prepare(
  `select receiver_id as other, type, 1 as mine from user_relations
   where initiator_id = @v and is_accepted = 1 and is_deleted = 0
   union all
   select initiator_id, type, 0 from user_relations
   where receiver_id = @v and is_accepted = 1 and is_deleted = 0`,
);
const pageIds = raw.prepare(
  `with a(author_id, mask) as materialized (select value ->> 0, value ->> 1 from json_each(?))
   select r.id from a join ruminations r on r.author_id = a.author_id
   where r.is_published = 1 and (r.audience_mask = 0 or (r.audience_mask & a.mask) <> 0)
   order by r.id desc limit 20`,
);
const rowsById = raw.prepare(
  `select r.id, r.content, r.author_id, u.username, r.is_published, r.audience_mask,
          r.create_tms, r.update_tms
   from ruminations r join users u on u.id = r.author_id
   where r.id in (select value from json_each(?)) order by r.id desc`,
);

function masksOf(viewerId: number): [number, number][] {
  const masks = new Map<number, number>();
  for (const r of relations.all({ v: viewerId }) as {
    other: number;
    type: number;
    mine: number;
  }[]) {
    const mask = masks.get(r.other) ?? 0;
    // A therapist reads only what the patient (the relation's initiator) shares with them.
    masks.set(r.other, r.type === THERAPIST && r.mine ? mask : mask | (1 << r.type));
  }
  return [...masks.entries()];
}

async function time<T>(f: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const result = await f();
  return [result, performance.now() - started];
}

const typical = [5001, 5051, 6001, 7001, 8001, 9001, 3001, 4001, 2001, 1501];
const viewers = process.argv[3]?.split(',').map(Number) ?? typical;

console.log('viewer  authors  current ms  alternative ms  same page');
for (const viewerId of viewers) {
  let best = [Infinity, Infinity];
  let same = true;
  for (let round = 0; round < 3; round++) {
    const [current, tCurrent] = await time(async () => {
      return listFeed(db, viewerId, undefined, false, { limit: 20, beforeId: undefined });
    });
    const [alternative, tAlternative] = await time(() => {
      const ids = (pageIds.all(JSON.stringify(masksOf(viewerId))) as { id: number }[]).map(
        (r) => r.id,
      );
      return rowsById.all(JSON.stringify(ids)) as { id: number }[];
    });
    same &&=
      JSON.stringify(current.map((r) => r.id)) === JSON.stringify(alternative.map((r) => r.id));
    best = [Math.min(best[0]!, tCurrent), Math.min(best[1]!, tAlternative)];
  }
  const authors = masksOf(viewerId).length;
  console.log(
    `${String(viewerId).padStart(6)} ${String(authors).padStart(8)} ${best[0]!.toFixed(2).padStart(11)} ` +
      `${best[1]!.toFixed(2).padStart(15)}  ${same ? 'yes' : 'NO'}`,
  );
}
await db.destroy();
