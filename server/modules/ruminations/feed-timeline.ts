import {
  sql,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { Database, RuminationsTable } from '../../db/schema';
import { ruminationVisibleThroughMask } from './rumination-visibility';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Each reader's feed written ahead (fan-out on write, as Mastodon's home feeds): feed_entries holds
 * one row per (viewer, rumination) that the plain feed shows, so that a page is one range of its
 * primary key, newest first, however many people the reader is related to (migration 0030;
 * docs/performance.md, "The hubs' feed"). The feed narrowed to one author, to public notes or to a
 * tag still reads the notes themselves (feedQuery in rumination-queries.ts).
 *
 * The rows are derived, never decided here: a row exists exactly when the feed's form of the
 * visibility rule (ruminationVisibleThroughMask, over viewer_audiences) lets the viewer read a
 * related author's note. Every write that can change that for a note or for a pair keeps them right
 * in its own transaction:
 * - a note inserted, edited (published, unpublished, audience changed), trashed or restored:
 *   refreshFeedOfRumination, called by those queries themselves (rumination-queries.ts,
 *   trash-queries.ts), so the import and every other writer get it too;
 * - a relation accepted, retyped or ended: refreshFeedOfPair, called by refreshViewerAudiences;
 * - a note erased for good: forgetFeedOfRuminations, by the two erasures (trash-queries.ts
 *   eraseRuminations, account-erasure.ts eraseAccount; no foreign key deletes them: migration
 *   0031 dropped it, its per-row check was a third of a hub's publish on PostgreSQL); an account
 *   erased: forgetFeedOf for the rows it read (account-erasure.ts).
 * Two writes cannot leave a stale row on PostgreSQL: a note's write holds its author's row FOR
 * SHARE (writer-lock.ts), a relation's write both people's rows FOR NO KEY UPDATE (lockPair), so a
 * publish and a new relation of its author take turns, and the later one reads what the earlier one
 * committed.
 */

/** Rows `viewer_id, rumination_id` of the related pairs `a` (viewer_id, author_id, mask) and notes `r`. */
function visibleEntries(
  pairs: RawBuilder<SqlBool>,
  notes: RawBuilder<SqlBool>,
): RawBuilder<unknown> {
  return sql`select a.viewer_id, r.id from (
    select va.viewer_id, va.author_id, va.audience_mask as mask from viewer_audiences va where ${pairs}
  ) a cross join ruminations r
  where r.author_id = a.author_id and ${notes} and ${ruminationVisibleThroughMask()}`;
}

/**
 * Brings one note's rows to who of its author's related people its feed shows it to now: deletes
 * the rows of those who may no longer read it and adds those missing, so that a change of audience
 * writes only the readers it gains or loses (a hub's note has hundreds of rows). An edit that keeps
 * the readers does not call it (feedReadersMayChange).
 */
export async function refreshFeedOfRumination(db: Db, ruminationId: number): Promise<void> {
  // viewer_audiences_author gives the author's related people, one range.
  const readers = visibleEntries(
    sql<SqlBool>`va.author_id = (select author_id from ruminations where id = ${ruminationId})`,
    sql<SqlBool>`r.id = ${ruminationId}`,
  );
  await sql`delete from feed_entries where rumination_id = ${ruminationId}
    and viewer_id not in (select e.viewer_id from (${readers}) e)`.execute(db);
  await sql`insert into feed_entries (viewer_id, rumination_id) ${readers}
    on conflict (viewer_id, rumination_id) do nothing`.execute(db);
}

/**
 * Whether a live note's edit from `replaced` to `saved` can change who its feed shows it to: only
 * its publish state and its audiences take part in the rule (a live note's author and trash state
 * do not change on an edit).
 */
export function feedReadersMayChange(
  replaced: Pick<RuminationsTable, 'is_published' | 'audience_mask'>,
  saved: Pick<RuminationsTable, 'is_published' | 'audience_mask'>,
): boolean {
  return (
    replaced.is_published !== saved.is_published || replaced.audience_mask !== saved.audience_mask
  );
}

/**
 * The statement that deletes `viewer`'s rows of `author`'s notes. Only a published, live note has
 * rows, so only those are read: on SQLite through the partial covering index (author_id,
 * is_published, id, audience_mask) where deleted_tms is null, without the notes themselves
 * (visibility-query-plans.test.ts); on PostgreSQL through an author index (pg-feed-plan.test.ts).
 */
export function deletePairEntries(viewer: number, author: number): RawBuilder<unknown> {
  return sql`delete from feed_entries where viewer_id = ${viewer}
    and rumination_id in (select id from ruminations
      where author_id = ${author} and is_published = 1 and deleted_tms is null)`;
}

/**
 * Rewrites the rows of both directions of one pair, after viewer_audiences was recomputed for it:
 * each one's feed shows the other's notes that the pair's new masks let them read (all of them
 * when they became related, none when the relation ended).
 */
export async function refreshFeedOfPair(db: Db, a: number, b: number): Promise<void> {
  for (const [viewer, author] of [
    [a, b],
    [b, a],
  ] as const) {
    await deletePairEntries(viewer, author).execute(db);
    await sql`insert into feed_entries (viewer_id, rumination_id)
    ${visibleEntries(
      sql<SqlBool>`va.viewer_id = ${viewer} and va.author_id = ${author}`,
      sql<SqlBool>`1 = 1`,
    )}`.execute(db);
  }
}

/** The rows of notes erased for good (`notes`: their ids, or a query of them). */
export async function forgetFeedOfRuminations(
  db: Db,
  notes: readonly number[] | SelectQueryBuilder<Database, 'ruminations', { id: number }>,
): Promise<void> {
  await db.deleteFrom('feed_entries').where('rumination_id', 'in', notes).execute();
}

/** An erased account's own feed (the rows of its notes go with them: forgetFeedOfRuminations). */
export async function forgetFeedOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('feed_entries').where('viewer_id', '=', userId).execute();
}

/** Recomputes every feed (bulk loads such as the benchmark's, after rebuildViewerAudiences). */
export async function rebuildFeeds(db: Kysely<unknown> | Db): Promise<void> {
  await sql`delete from feed_entries`.execute(db);
  await sql`insert into feed_entries (viewer_id, rumination_id)
  ${visibleEntries(sql<SqlBool>`1 = 1`, sql<SqlBool>`1 = 1`)}`.execute(db);
}
