import { rowLimit } from '../../db/row-limit';
import {
  PostgresAdapter,
  sql,
  type Insertable,
  type RawBuilder,
  type Kysely,
  type Transaction,
} from 'kysely';
import type { RowOf } from '../../db/row-of';
import { authorFts5Match, authorTsquery } from '../../db/search-tokens';
import { RUMINATION_READ_COLUMNS, type Database, type RuminationsTable } from '../../db/schema';
import {
  ruminationVisibleThroughMask,
  ruminationVisibleTo,
  relatedAuthorsOf,
} from './rumination-visibility';

/**
 * SQL of ruminations. Every read filters with ruminationVisibleTo, or for the feed with its mask form
 * (relatedAuthorsOf + ruminationVisibleThroughMask, next to it); nothing loads whole tables.
 */

const READ_COLUMNS = RUMINATION_READ_COLUMNS.map((column) => `r.${column}` as const);

/**
 * `commentCount` of the rumination `r`: counted per row read (a page at most), from the partial
 * index comments_rumination_live, rather than kept in a column that every comment write, delete
 * and account erasure would have to keep right. Cast: PostgreSQL's count is a bigint, which its
 * driver returns as a string.
 */
const COMMENT_COUNT = sql<number>`(select cast(count(*) as integer) from comments c
  where c.rumination_id = r.id and c.is_deleted = 0)`;

export interface Page {
  limit: number;
  beforeId: number | undefined;
}

/** A rumination as reads return it: its read columns, its author's name, its live comments. */
export type RuminationRow = RowOf<ReturnType<typeof selectVisible>>;

function selectVisible(db: Kysely<Database>, viewerId: number | null) {
  return db
    .selectFrom('ruminations as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select([
      ...READ_COLUMNS,
      'u.username as author_username',
      'u.display_name as author_display_name',
      COMMENT_COUNT.as('comment_count'),
    ])
    .where(ruminationVisibleTo(viewerId));
}

function paged(
  query: ReturnType<typeof selectVisible>,
  page: Page,
): ReturnType<typeof selectVisible> {
  return query
    .$if(page.beforeId !== undefined, (q) => q.where('r.id', '<', page.beforeId ?? 0))
    .orderBy('r.id', 'desc')
    .limit(rowLimit(page.limit));
}

export async function findVisibleRumination(
  db: Kysely<Database>,
  id: number,
  viewerId: number | null,
): Promise<RuminationRow | undefined> {
  return selectVisible(db, viewerId).where('r.id', '=', id).executeTakeFirst();
}

export async function listOwn(
  db: Kysely<Database>,
  authorId: number,
  published: boolean | undefined,
  page: Page,
): Promise<RuminationRow[]> {
  return paged(
    selectVisible(db, authorId)
      .where('r.author_id', '=', authorId)
      .$if(published !== undefined, (q) => q.where('r.is_published', '=', published ? 1 : 0)),
    page,
  ).execute();
}

/**
 * The author's own ruminations in which every term starts a word (contract "My writing"), newest
 * first, paged like listOwn. Index of migration 0009:
 * - SQLite: one FTS5 MATCH of the author's own words (server/db/search-tokens.ts), each term a
 *   quoted prefix query (a term is letters and digits only, src/domain/note-search.ts); FTS5 hands
 *   rowids back newest first.
 * - PostgreSQL: the rows whose search_vector matches a prefix tsquery of the author's own words,
 *   found through the GIN index.
 */
export async function listOwnMatching(
  db: Kysely<Database>,
  authorId: number,
  published: boolean | undefined,
  terms: readonly string[],
  page: Page,
): Promise<RuminationRow[]> {
  const publishedFilter =
    published === undefined ? sql`` : sql` and r.is_published = ${published ? 1 : 0}`;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const match = authorFts5Match(authorId, terms);
    const before = page.beforeId === undefined ? sql`` : sql` and s.rowid < ${page.beforeId}`;
    const result = await sql<RuminationRow>`select
      ${sql.join(READ_COLUMNS.map((column) => sql.ref(column)))}, u.username as author_username,
      u.display_name as author_display_name, ${COMMENT_COUNT} as comment_count
    from ruminations_search s cross join ruminations r cross join users u
    where ruminations_search match ${match} and r.id = s.rowid
      and r.author_id = ${authorId} and r.deleted_tms is null and u.id = r.author_id${publishedFilter}${before}
    order by s.rowid desc limit ${rowLimit(page.limit)}`.execute(db);
    return result.rows;
  }
  const tsquery = authorTsquery(authorId, terms);
  return paged(
    selectVisible(db, authorId)
      .where('r.author_id', '=', authorId)
      .where(sql<boolean>`r.search_vector @@ cast(${tsquery} as tsquery)`)
      .$if(published !== undefined, (q) => q.where('r.is_published', '=', published ? 1 : 0)),
    page,
  ).execute();
}

/** Published ruminations of one author that `viewerId` may read; optionally public ones only. */
export async function listByAuthor(
  db: Kysely<Database>,
  authorId: number,
  viewerId: number | null,
  publicOnly: boolean,
  page: Page,
): Promise<RuminationRow[]> {
  return paged(
    selectVisible(db, viewerId)
      .where('r.author_id', '=', authorId)
      .where('r.is_published', '=', 1)
      .$if(publicOnly, (q) => q.where('r.audience_mask', '=', 0)),
    page,
  ).execute();
}

/** Public ruminations of everyone (the ruminations_public_id index gives them in order). */
export async function listPublic(db: Kysely<Database>, page: Page): Promise<RuminationRow[]> {
  return paged(
    selectVisible(db, null).where('r.is_published', '=', 1).where('r.audience_mask', '=', 0),
    page,
  ).execute();
}

/**
 * The feed: one page of the newest visible, published ruminations of the users related to the
 * viewer (optionally only `onlyAuthorId`, optionally public ones only), in one query whose text
 * does not depend on the viewer or the number of related authors (only on which of UserId, isPublic
 * and BeforeId are given), so prepared statements can be reused. The CTE `a` gives each related
 * author's mask (relatedAuthorsOf); `page` takes the page's ids from the covering index
 * ruminations_author_published_id_audience, newest first, cut to one page; then only the page's
 * rows are read, by id. Measured with scripts/bench/feed-query-study.ts.
 * - SQLite: CROSS JOIN fixes the loop order (`a` outside, then `r`), and SQLite leaves an author's
 *   range as soon as its next id could not enter the page (else, with some statistics, it walks all
 *   published ruminations and probes `a`).
 * - PostgreSQL does not stop early inside a join: there the page is found in two steps (postgresFeedPage).
 */
export function feedQuery(
  db: Kysely<Database>,
  viewerId: number,
  onlyAuthorId: number | undefined,
  publicOnly: boolean,
  page: Page,
) {
  const publicFilter = publicOnly ? sql` and r.audience_mask = 0` : sql``;
  const before = page.beforeId === undefined ? sql`` : sql` and r.id < ${page.beforeId}`;
  const visible = sql`${ruminationVisibleThroughMask()}${publicFilter}${before}`;
  const pageCtes =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? postgresFeedPage(visible, page)
      : sql`page as (select r.id from a cross join ruminations r
    where r.author_id = a.author_id and ${visible}
    order by r.id desc limit ${rowLimit(page.limit)})`;
  return sql<RuminationRow>`with a as (${relatedAuthorsOf(viewerId, onlyAuthorId)}),
  ${pageCtes}
  select ${sql.join(READ_COLUMNS.map((column) => sql.ref(column)))}, u.username as author_username,
    u.display_name as author_display_name, ${COMMENT_COUNT} as comment_count
  from page cross join ruminations r cross join users u
  where r.id = page.id and u.id = r.author_id
  order by r.id desc`;
}

/**
 * The feed's page on PostgreSQL, which does not leave an author's index range early inside a join
 * as SQLite does. Reading a whole page from every related author and merging (the classic LATERAL
 * top-N) reads 20 entries per author: about 1,400 for a typical viewer at 1M ruminations, 50,000
 * for one related to 2,500 people. So, in two steps over the covering index:
 * 1. `tops`: each author's newest visible id (one entry per author).
 * 2. `cutoff`: the page-th largest of those. At least a page of ids is at or above it (one per such
 *    author), so every id of the page is too; with fewer authors than a page there is no cutoff (0).
 *    `page` then reads, only for the authors whose newest id reaches the cutoff, their ids from the
 *    cutoff up: a handful of entries each.
 * The author's range is written as row comparisons on (author_id, is_published, id): PostgreSQL
 * positions and stops a b-tree scan on a row comparison, so a backward scan ends at the cutoff
 * (with `r.id >= cutoff` as a separate condition it would walk the rest of the author's range), and
 * the primary key cannot serve it (with `author_id = x` the planner may take the primary key
 * backwards with a filter, reading the whole table for an author with few notes).
 */
function postgresFeedPage(visible: RawBuilder<unknown>, page: Page): RawBuilder<unknown> {
  const newestFirst = sql`order by r.author_id desc, r.is_published desc, r.id desc`;
  const upper =
    page.beforeId === undefined
      ? sql`(r.author_id, r.is_published) <= (a.author_id, 1)`
      : sql`(r.author_id, r.is_published, r.id) < (a.author_id, 1, ${page.beforeId})`;
  return sql`tops as (select a.author_id, a.mask, t.id as top_id from a cross join lateral (
    select r.id from ruminations r
    where ${upper} and (r.author_id, r.is_published) >= (a.author_id, 1) and ${visible}
    ${newestFirst} limit 1
  ) t),
  cutoff as (select case when count(*) < ${rowLimit(page.limit)} then 0 else min(n.top_id) end as id
    from (select top_id from tops order by top_id desc limit ${rowLimit(page.limit)}) n),
  page as (select p.id from cutoff cross join tops a cross join lateral (
    select r.id from ruminations r
    where ${upper} and (r.author_id, r.is_published, r.id) >= (a.author_id, 1, cutoff.id)
      and ${visible}
    ${newestFirst} limit ${rowLimit(page.limit)}
  ) p
  where a.top_id >= cutoff.id
  order by p.id desc limit ${rowLimit(page.limit)})`;
}

export async function listFeed(
  db: Kysely<Database>,
  viewerId: number,
  onlyAuthorId: number | undefined,
  publicOnly: boolean,
  page: Page,
): Promise<RuminationRow[]> {
  return (await feedQuery(db, viewerId, onlyAuthorId, publicOnly, page).execute(db)).rows;
}

/** What a create or an edit writes; the author and the times are the queries' own. */
export type RuminationWrite = Omit<
  Insertable<RuminationsTable>,
  'id' | 'author_id' | 'create_tms' | 'update_tms'
>;

export async function insertRumination(
  db: Kysely<Database>,
  authorId: number,
  values: RuminationWrite,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('ruminations')
    .values({ ...values, author_id: authorId, create_tms: now, update_tms: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes an edit decided on version `version - 1`, only if the row is still at that version and
 * live: the check and the write are one statement (on PostgreSQL a concurrent writer's UPDATE waits
 * for the row and then finds the version changed), so two edits from one version never both land.
 * Answers whether it wrote.
 */
export async function updateRumination(
  db: Kysely<Database>,
  id: number,
  values: RuminationWrite,
  now: string,
  version: number,
): Promise<boolean> {
  const result = await db
    .updateTable('ruminations')
    .set({ ...values, update_tms: now, version })
    .where('id', '=', id)
    .where('version', '=', version - 1)
    .where('deleted_tms', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Keeps the state an edit replaced (`row` as read before it) as a revision. */
export async function insertRevision(
  db: Kysely<Database>,
  row: Pick<
    RuminationRow,
    'id' | 'version' | 'content' | 'is_published' | 'audience_mask' | 'update_tms'
  >,
): Promise<void> {
  await db
    .insertInto('rumination_revisions')
    .values({
      rumination_id: row.id,
      version: row.version,
      content: row.content,
      is_published: row.is_published,
      audience_mask: row.audience_mask,
      saved_tms: row.update_tms,
    })
    .execute();
}

const REVISION_COLUMNS = [
  'id',
  'rumination_id',
  'version',
  'content',
  'is_published',
  'audience_mask',
  'saved_tms',
] as const;

export type RevisionRow = RowOf<ReturnType<typeof selectRevisions>>;

function selectRevisions(db: Kysely<Database>) {
  return db.selectFrom('rumination_revisions').select(REVISION_COLUMNS);
}

/** One rumination's revisions, newest first, through rumination_revisions_rumination. */
export async function listRevisions(
  db: Kysely<Database>,
  ruminationId: number,
  page: Page,
): Promise<RevisionRow[]> {
  return selectRevisions(db)
    .where('rumination_id', '=', ruminationId)
    .$if(page.beforeId !== undefined, (q) => q.where('id', '<', page.beforeId ?? 0))
    .orderBy('id', 'desc')
    .limit(rowLimit(page.limit))
    .execute();
}

export async function findRevision(
  db: Kysely<Database>,
  ruminationId: number,
  revisionId: number,
): Promise<RevisionRow | undefined> {
  return selectRevisions(db)
    .where('id', '=', revisionId)
    .where('rumination_id', '=', ruminationId)
    .executeTakeFirst();
}

/** Moves a live rumination at `version` to the trash; answers whether it did (see updateRumination). */
export async function moveToTrash(
  db: Kysely<Database>,
  id: number,
  version: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('ruminations')
    .set({ deleted_tms: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_tms', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts a trashed rumination back, if it is still the one deleted at `deletedTMS`. */
export async function restoreFromTrash(
  db: Kysely<Database>,
  id: number,
  deletedTMS: string,
): Promise<boolean> {
  const result = await db
    .updateTable('ruminations')
    .set({ deleted_tms: null })
    .where('id', '=', id)
    .where('deleted_tms', '=', deletedTMS)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A rumination in someone's trash (any author: the decision says who may touch it). */
export async function findTrashed(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; author_id: number; deleted_tms: string } | undefined> {
  const row = await db
    .selectFrom('ruminations')
    .select(['id', 'author_id', 'deleted_tms'])
    .where('id', '=', id)
    .where('deleted_tms', 'is not', null)
    .executeTakeFirst();
  return row?.deleted_tms == null ? undefined : { ...row, deleted_tms: row.deleted_tms };
}

/** A trashed rumination as the trash lists it: the read columns and when it was deleted. */
export type TrashedRow = RowOf<ReturnType<typeof selectTrash>>;

function selectTrash(db: Kysely<Database>, authorId: number, cutoff: string) {
  return db
    .selectFrom('ruminations as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select([
      ...READ_COLUMNS,
      'u.username as author_username',
      'u.display_name as author_display_name',
      COMMENT_COUNT.as('comment_count'),
      sql<string>`r.deleted_tms`.as('deleted_tms'),
    ])
    .where('r.author_id', '=', authorId)
    .where('r.deleted_tms', 'is not', null)
    .where('r.deleted_tms', '>', cutoff);
}

/**
 * The author's trash, most recently deleted first (contract: "BeforeId pages by id among them"):
 * ordered by (deleted_tms, id) descending, and a page after BeforeId holds the rows that come after
 * that rumination in this order (a keyset on its deleted_tms and id, looked up by the id). So the
 * ids of one page are not in id order, but paging never skips nor repeats a row; a BeforeId that is
 * no longer in the caller's trash (restored or erased meanwhile) pages on by id alone, from it down.
 * Rows past the retention (deleted at or before `cutoff`) are left out even before the sweep erased
 * them. Index: ruminations_trash (author_id, deleted_tms, id), partial on the trash.
 */
export async function listTrash(
  db: Kysely<Database>,
  authorId: number,
  cutoff: string,
  page: Page,
): Promise<TrashedRow[]> {
  let query = selectTrash(db, authorId, cutoff);
  if (page.beforeId !== undefined) {
    const before = await db
      .selectFrom('ruminations')
      .select('deleted_tms')
      .where('id', '=', page.beforeId)
      .where('author_id', '=', authorId)
      .where('deleted_tms', 'is not', null)
      .executeTakeFirst();
    const beforeId = page.beforeId;
    query =
      before?.deleted_tms == null
        ? query.where('r.id', '<', beforeId)
        : query.where(sql<boolean>`(r.deleted_tms, r.id) < (${before.deleted_tms}, ${beforeId})`);
  }
  return query
    .orderBy('r.deleted_tms', 'desc')
    .orderBy('r.id', 'desc')
    .limit(rowLimit(page.limit))
    .execute();
}

/** Ids of the author's whole trash (emptying it), past the retention included. */
export async function trashedIdsOf(db: Kysely<Database>, authorId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ruminations')
    .select('id')
    .where('author_id', '=', authorId)
    .where('deleted_tms', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of up to `limit` trashed ruminations deleted at or before `cutoff`, oldest deletion first. */
export async function trashedBefore(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('ruminations')
    .select('id')
    .where('deleted_tms', 'is not', null)
    .where('deleted_tms', '<=', cutoff)
    .orderBy('deleted_tms')
    .limit(rowLimit(limit))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Erases ruminations for good with everything about them: the notifications about them (their
 * rumination_id is a plain id, not a foreign key; comment notifications carry it too), their
 * comments and revisions (first: foreign keys may or may not cascade depending on the database's
 * settings), then the rows.
 */
export async function eraseRuminations(
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('notifications').where('rumination_id', 'in', ids).execute();
  await db.deleteFrom('rumination_revisions').where('rumination_id', 'in', ids).execute();
  await db.deleteFrom('comments').where('rumination_id', 'in', ids).execute();
  await db.deleteFrom('ruminations').where('id', 'in', ids).execute();
}
