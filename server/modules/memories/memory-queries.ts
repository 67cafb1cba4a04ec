import { sql, type Kysely } from 'kysely';
import type { MemoryRange } from '../../../src/domain/memories';
import { rowLimit } from '../../db/row-limit';
import type { Database } from '../../db/schema';
import { ROW_SQL, type RuminationRow } from '../ruminations/rumination-queries';

/**
 * SQL of memories (api-contract.md "Memories"): one author's notes by creation time, each read a
 * range (or a few) of ruminations_author_created (author_id, create_tms), migration 0025, so it
 * costs what the days asked hold, not what the author ever wrote. The rules of which ranges are
 * src/domain/memories.ts. The trash is left out, as every read of one's own notes does.
 */

/** The first and last creation times of an author's notes (two ends of their index range). */
export async function noteSpanOf(
  db: Kysely<Database>,
  authorId: number,
): Promise<{ first: string; last: string } | undefined> {
  // Two scalar subqueries: each is one step into the index (min and max in one select would
  // read the author's whole range on SQLite). The trash is counted: only a bound is wanted.
  const result = await sql<{ first: string | null; last: string | null }>`select
    (select min(r.create_tms) from ruminations r where r.author_id = ${authorId}) as first,
    (select max(r.create_tms) from ruminations r where r.author_id = ${authorId}) as last`.execute(
    db,
  );
  const row = result.rows[0];
  if (row?.first == null || row.last == null) return undefined;
  return { first: row.first, last: row.last };
}

type Ranges = readonly Pick<MemoryRange, 'start' | 'end'>[];

/** The author's live notes in the ranges, one seek of the index each, as one UNION ALL. */
function rangeArms(authorId: number, ranges: Ranges) {
  const arms = ranges.map(
    (range) => sql`select r.id, r.create_tms from ruminations r
    where r.author_id = ${authorId} and r.create_tms >= ${range.start} and r.create_tms < ${range.end}
      and r.deleted_tms is null`,
  );
  return sql.join(arms, sql` union all `);
}

/** The SQL of listInRanges (compiled alone by the plan tests). */
export function inRangesQuery(authorId: number, ranges: Ranges, limit: number) {
  return sql<RuminationRow>`with m as (${rangeArms(authorId, ranges)}),
  page as (select m.id from m order by m.create_tms desc, m.id desc limit ${rowLimit(limit)})
  select ${ROW_SQL}
  from page cross join ruminations r cross join users u
  where r.id = page.id and u.id = r.author_id
  order by r.create_tms desc, r.id desc`;
}

/**
 * The author's live notes in any of `ranges`, newest first, at most `limit`: one range of the
 * index per range (UNION ALL), the page's ids cut from them, then only those rows read.
 */
export async function listInRanges(
  db: Kysely<Database>,
  authorId: number,
  ranges: Ranges,
  limit: number,
): Promise<RuminationRow[]> {
  if (ranges.length === 0) return [];
  return (await inRangesQuery(authorId, ranges, limit).execute(db)).rows;
}

/** The SQL of createdTimesIn (compiled alone by the plan tests). */
export function createdTimesQuery(authorId: number, range: { start: string; end: string }) {
  return sql<{ create_tms: string }>`select r.create_tms from ruminations r
    where r.author_id = ${authorId} and r.create_tms >= ${range.start} and r.create_tms < ${range.end}
      and r.deleted_tms is null`;
}

/** The creation times of the author's live notes in [start, end): the calendar's month. */
export async function createdTimesIn(
  db: Kysely<Database>,
  authorId: number,
  range: { start: string; end: string },
): Promise<string[]> {
  const result = await createdTimesQuery(authorId, range).execute(db);
  return result.rows.map((row) => row.create_tms);
}

/**
 * The creation times of the author's live notes in any of `ranges`, newest first, at most
 * `limit`: what a reminder counts of on this day (server/modules/reminders), never a note's text.
 */
export async function createdTimesInRanges(
  db: Kysely<Database>,
  authorId: number,
  ranges: Ranges,
  limit: number,
): Promise<string[]> {
  if (ranges.length === 0) return [];
  const result = await sql<{ create_tms: string }>`select m.create_tms
    from (${rangeArms(authorId, ranges)}) m
    order by m.create_tms desc limit ${rowLimit(limit)}`.execute(db);
  return result.rows.map((row) => row.create_tms);
}
