import { sql, type Kysely } from 'kysely';
import type { TagCount } from '../../../src/api/tag-schemas';
import { compareTagCounts, extractTags } from '../../../src/domain/tags';
import { rowLimit } from '../../db/row-limit';
import type { Database } from '../../db/schema';
import {
  createdIn,
  ROW_SQL,
  type CreatedRange,
  type Page,
  type RuminationRow,
} from './rumination-queries';
import { ruminationVisibleTo } from './rumination-visibility';

/**
 * SQL of tags (api-contract.md "Habits of a shared journal"; migration 0024): a rumination's tags
 * rewritten with every save of its content, the lists of one tag, and the account's tag counts (a
 * card's own tags are read from its content: rumination-wire.ts). What a tag is: src/domain/tags.ts.
 *
 * The lists start from the tag's index range, newest first, and probe each rumination by primary
 * key: CROSS JOIN keeps SQLite from starting elsewhere (say, from all of an author's notes). Each
 * applies the one visibility rule (rumination-visibility.ts).
 */

/** Makes the stored tags those of `content` (create, edit, restore of a version). */
export async function writeTags(
  trx: Kysely<Database>,
  ruminationId: number,
  authorId: number,
  content: string,
): Promise<void> {
  await trx.deleteFrom('rumination_tags').where('rumination_id', '=', ruminationId).execute();
  const tags = extractTags(content);
  if (tags.length === 0) return;
  await trx
    .insertInto('rumination_tags')
    .values(
      tags.map((tag, position) => ({
        rumination_id: ruminationId,
        tag,
        author_id: authorId,
        position,
      })),
    )
    .execute();
}

export interface TaggedFilter {
  tag: string;
  viewerId: number | null;
  /** One author's notes (rumination_tags_tag_author); absent: everyone's (rumination_tags_tag). */
  authorId?: number | undefined;
  /** true: published only, false: drafts only, undefined: both. */
  published?: boolean | undefined;
  publicOnly?: boolean;
  /** Only notes created in this range (/my?date=). */
  created?: CreatedRange | undefined;
}

/** The SQL of listTagged (compiled alone by the plan tests). */
export function taggedQuery(filter: TaggedFilter, page: Page) {
  const author = filter.authorId === undefined ? sql`` : sql` and t.author_id = ${filter.authorId}`;
  const published =
    filter.published === undefined ? sql`` : sql` and r.is_published = ${filter.published ? 1 : 0}`;
  const onlyPublic = filter.publicOnly === true ? sql` and r.audience_mask = 0` : sql``;
  const before = page.beforeId === undefined ? sql`` : sql` and t.rumination_id < ${page.beforeId}`;
  const created = filter.created === undefined ? sql`` : sql` and ${createdIn(filter.created)}`;
  return sql<RuminationRow>`select ${ROW_SQL}
    from rumination_tags t cross join ruminations r cross join users u
    where t.tag = ${filter.tag}${author}${before} and r.id = t.rumination_id and u.id = r.author_id
      and ${ruminationVisibleTo(filter.viewerId)}${published}${onlyPublic}${created}
    order by t.rumination_id desc limit ${rowLimit(page.limit)}`;
}

/** A page of the ruminations with a tag that the viewer may read, newest first. */
export async function listTagged(
  db: Kysely<Database>,
  filter: TaggedFilter,
  page: Page,
): Promise<RuminationRow[]> {
  return (await taggedQuery(filter, page).execute(db)).rows;
}

/**
 * The author's own tags with how many of their ruminations (drafts included, the trash not) hold
 * each: their range of rumination_tags_author, each row's rumination probed for the trash.
 */
export async function tagCountsOf(db: Kysely<Database>, authorId: number): Promise<TagCount[]> {
  const rows = await db
    .selectFrom('rumination_tags as t')
    .innerJoin('ruminations as r', 'r.id', 't.rumination_id')
    .select(['t.tag', sql<number>`cast(count(*) as integer)`.as('count')])
    .where('t.author_id', '=', authorId)
    .where('r.deleted_tms', 'is', null)
    .groupBy('t.tag')
    .execute();
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) })).sort(compareTagCounts);
}
