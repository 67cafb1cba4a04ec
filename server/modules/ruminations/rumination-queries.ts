import { rowLimit } from '../../db/row-limit';
import { PostgresAdapter, sql, type Insertable, type RawBuilder, type Kysely } from 'kysely';
import type { RowOf } from '../../db/row-of';
import { authorFts5Match, authorTsquery } from '../../db/search-tokens';
import { RUMINATION_READ_COLUMNS, type Database, type RuminationsTable } from '../../db/schema';
import { personColumns, personColumnsSql } from '../people/person-columns';
import { feedReadersMayChange, refreshFeedOfRumination } from './feed-timeline';
import {
  ruminationVisibleThroughMask,
  ruminationVisibleTo,
  relatedAuthorsOf,
} from './rumination-visibility';

/**
 * SQL of ruminations. Every read filters with ruminationVisibleTo, or for the feed with its mask form
 * (relatedAuthorsOf + ruminationVisibleThroughMask, next to it); nothing loads whole tables. The
 * trash, read by its author alone, has its own SQL beside it (trash-queries.ts).
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

/** Notes created in [start, end) (ISO texts): one local day of /my?date= (src/domain/memories.ts). */
export interface CreatedRange {
  start: string;
  end: string;
}

/** The rumination `r` was created in the range (with `r.author_id` fixed: ruminations_author_created). */
export function createdIn(range: CreatedRange): RawBuilder<boolean> {
  return sql<boolean>`(r.create_tms >= ${range.start} and r.create_tms < ${range.end})`;
}

/**
 * The rumination `r` as every read returns it, its author `u` joined: ROW_COLUMNS for the Kysely
 * selects, ROW_SQL the same columns for the queries written as text (note search, the feed).
 */
const ROW_COLUMNS = [
  ...READ_COLUMNS,
  ...personColumns('u', 'author'),
  COMMENT_COUNT.as('comment_count'),
] as const;
export const ROW_SQL = sql.join([
  ...READ_COLUMNS.map((column) => sql.ref(column)),
  personColumnsSql('u', 'author'),
  sql`${COMMENT_COUNT} as comment_count`,
]);

/** Ruminations `r` with their authors `u`, in no order and unfiltered: where every read starts. */
export function selectRuminations(db: Kysely<Database>) {
  return db
    .selectFrom('ruminations as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select(ROW_COLUMNS);
}

/** A rumination as reads return it: its read columns, its author's name, its live comments. */
export type RuminationRow = RowOf<ReturnType<typeof selectVisible>>;

function selectVisible(db: Kysely<Database>, viewerId: number | null) {
  return selectRuminations(db).where(ruminationVisibleTo(viewerId));
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
  created?: CreatedRange,
): Promise<RuminationRow[]> {
  return paged(
    selectVisible(db, authorId)
      .where('r.author_id', '=', authorId)
      .$if(published !== undefined, (q) => q.where('r.is_published', '=', published ? 1 : 0))
      .$if(created !== undefined, (q) => (created ? q.where(createdIn(created)) : q)),
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
  tag?: string,
  created?: CreatedRange,
): Promise<RuminationRow[]> {
  const publishedFilter = sql`${
    published === undefined ? sql`` : sql` and r.is_published = ${published ? 1 : 0}`
  }${tag === undefined ? sql`` : sql` and ${hasTag(tag)}`}${
    created === undefined ? sql`` : sql` and ${createdIn(created)}`
  }`;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const match = authorFts5Match(authorId, terms);
    const before = page.beforeId === undefined ? sql`` : sql` and s.rowid < ${page.beforeId}`;
    const result = await sql<RuminationRow>`select ${ROW_SQL}
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
      .$if(published !== undefined, (q) => q.where('r.is_published', '=', published ? 1 : 0))
      .$if(tag !== undefined, (q) => q.where(hasTag(tag ?? '')))
      .$if(created !== undefined, (q) => (created ? q.where(createdIn(created)) : q)),
    page,
  ).execute();
}

/**
 * The rumination `r` holds `tag`: one primary-key probe of rumination_tags per row the search's
 * own index hands back (a search with a tag is still a walk of the search index, newest first).
 */
function hasTag(tag: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from rumination_tags t where t.rumination_id = r.id and t.tag = ${tag})`;
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
 * viewer (optionally only `onlyAuthorId`, optionally public ones only, optionally with a tag), in
 * one query whose text does not depend on the viewer or the number of related authors (only on
 * which of UserId, isPublic, tag and BeforeId are given), so prepared statements can be reused;
 * then only the page's rows are read, by id.
 * - The plain feed reads the viewer's feed written ahead (feed_entries, feed-timeline.ts): one range
 *   of its primary key, on both databases, whether they are related to 20 people or 2,000; each
 *   entry still passes ruminationVisibleTo as it is read.
 * - Narrowed, it reads the notes themselves: the CTE `a` gives each related author's mask
 *   (relatedAuthorsOf), and `page` takes the page's ids from the covering index
 *   ruminations_author_published_id_audience, newest first. On SQLite, CROSS JOIN fixes the loop
 *   order (`a` outside, then `r`), and SQLite leaves an author's range as soon as its next id could
 *   not enter the page; PostgreSQL does not stop early inside a join, so there the page is found in
 *   two steps (postgresFeedPage). Measured with scripts/bench/feed-query-study.ts.
 */
export function feedQuery(
  db: Kysely<Database>,
  viewerId: number,
  onlyAuthorId: number | undefined,
  publicOnly: boolean,
  page: Page,
  tag?: string,
) {
  if (onlyAuthorId === undefined && !publicOnly && tag === undefined) {
    // One query, the entries' range driving it: each note and its author read once, by id, only
    // for the entries that make the page. The rule is applied again to each entry as it is read,
    // so that a row the upkeep got wrong could only ever hide a note, never show one to the wrong
    // reader.
    const older =
      page.beforeId === undefined ? sql`` : sql` and fe.rumination_id < ${page.beforeId}`;
    return sql<RuminationRow>`select ${ROW_SQL}
    from feed_entries fe cross join ruminations r cross join users u
    where fe.viewer_id = ${viewerId}${older} and r.id = fe.rumination_id and u.id = r.author_id
      and ${ruminationVisibleTo(viewerId)}
    order by fe.rumination_id desc limit ${rowLimit(page.limit)}`;
  }
  const publicFilter = publicOnly ? sql` and r.audience_mask = 0` : sql``;
  const before = page.beforeId === undefined ? sql`` : sql` and r.id < ${page.beforeId}`;
  const visible = sql`${ruminationVisibleThroughMask()}${publicFilter}${before}`;
  const pageCtes =
    tag !== undefined
      ? taggedFeedPage(visible, tag, page)
      : db.getExecutor().adapter instanceof PostgresAdapter
        ? postgresFeedPage(visible, page)
        : sql`page as (select r.id from a cross join ruminations r
    where r.author_id = a.author_id and ${visible}
    order by r.id desc limit ${rowLimit(page.limit)})`;
  return feedRows(sql`a as (${relatedAuthorsOf(viewerId, onlyAuthorId)}),
  ${pageCtes}`);
}

/** The rows of a feed page whose ids the CTEs `ctes` give as `page`. */
function feedRows(ctes: RawBuilder<unknown>) {
  return sql<RuminationRow>`with ${ctes}
  select ${ROW_SQL}
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

/**
 * The feed's page with a tag, on both databases: each related author's notes with the tag are one
 * range of rumination_tags_tag_author (tag, author_id, rumination_id), the page the newest of them
 * all. It reads every such entry of the viewer's related authors (a tag narrows far more than an
 * author does) and probes each row by primary key for its visibility.
 */
function taggedFeedPage(
  visible: RawBuilder<unknown>,
  tag: string,
  page: Page,
): RawBuilder<unknown> {
  return sql`page as (select t.rumination_id as id from a cross join rumination_tags t cross join ruminations r
    where t.tag = ${tag} and t.author_id = a.author_id and r.id = t.rumination_id and ${visible}
    order by t.rumination_id desc limit ${rowLimit(page.limit)})`;
}

export async function listFeed(
  db: Kysely<Database>,
  viewerId: number,
  onlyAuthorId: number | undefined,
  publicOnly: boolean,
  page: Page,
  tag?: string,
): Promise<RuminationRow[]> {
  return (await feedQuery(db, viewerId, onlyAuthorId, publicOnly, page, tag).execute(db)).rows;
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
  // A draft is in nobody's feed (an import writes thousands of them).
  if (values.is_published === 1) await refreshFeedOfRumination(db, row.id);
  return row.id;
}

/**
 * Writes an edit decided on version `version - 1`, only if the row is still at that version and
 * live: the check and the write are one statement (on PostgreSQL a concurrent writer's UPDATE waits
 * for the row and then finds the version changed), so two edits from one version never both land.
 * Answers whether it wrote. `replaced` is the state read at `version - 1`, the one this replaces:
 * the feeds' rows are rewritten only when it was published or shared otherwise (an edit of the
 * words alone, the commonest, reads and writes none of a hub's hundreds of rows).
 */
export async function updateRumination(
  db: Kysely<Database>,
  id: number,
  values: RuminationWrite,
  now: string,
  version: number,
  replaced: Pick<RuminationRow, 'is_published' | 'audience_mask'>,
): Promise<boolean> {
  const result = await db
    .updateTable('ruminations')
    .set({ ...values, update_tms: now, version })
    .where('id', '=', id)
    .where('version', '=', version - 1)
    .where('deleted_tms', 'is', null)
    .executeTakeFirst();
  const wrote = result.numUpdatedRows > 0n;
  if (wrote && feedReadersMayChange(replaced, values)) await refreshFeedOfRumination(db, id);
  return wrote;
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
