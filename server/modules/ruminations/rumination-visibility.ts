import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The one SQL form of the visibility rule (api-contract.md "Visibility"; the oracle is canView in
 * src/domain/visibility.ts): the author reads their own; anyone reads a published public one; a
 * viewer reads a published one shared with an audience they belong to. Which audiences of an author
 * a viewer belongs to is the relation half of the rule, kept per pair in viewer_audiences
 * (server/modules/relations/viewer-audiences.ts). Every read path that returns a rumination, or
 * anything hanging off one (comments, replies, counts), filters with this or, for the feed, with the
 * join form below, so the rule cannot drift between paths.
 *
 * A rumination in its author's trash (deleted_tms set) is read by no one on these paths, its author
 * included (api-contract.md "Trash": the author reaches it only through the trash), so that
 * everything hanging off it (comments, counts, notifications) disappears with it at once.
 *
 * It expects the ruminations table under the alias `r`. The EXISTS is one primary-key lookup of
 * the (viewer, author) pair of the row, so its cost does not grow with the size of any table. Only
 * integer arithmetic and comparisons: the same text runs on SQLite and PostgreSQL.
 */
export function ruminationVisibleTo(viewerId: number | null): RawBuilder<SqlBool> {
  if (viewerId === null) {
    return sql<SqlBool>`(r.deleted_tms is null and r.is_published = 1 and r.audience_mask = 0)`;
  }
  return sql<SqlBool>`(r.deleted_tms is null and ${readableBy(sql`${viewerId}`)})`;
}

/**
 * The same rule for the person in a column of each row (`x.user_id`, the one who reacted) instead of
 * the caller, the trash aside: what may this person read, were the note not in the trash.
 */
export function ruminationReadableByColumn(column: string): RawBuilder<SqlBool> {
  return readableBy(sql.ref(column));
}

function readableBy(viewer: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(r.author_id = ${viewer} or (r.is_published = 1 and (r.audience_mask = 0 or exists (
    select 1 from viewer_audiences va
    where va.viewer_id = ${viewer} and va.author_id = r.author_id
      and (r.audience_mask & va.audience_mask) <> 0
  ))))`;
}

/**
 * The same rule, turned around for the feed, which reads many authors at once: the viewer's related
 * authors with the mask of each (rows `author_id, mask`; `onlyAuthorId` narrows to one of them),
 * to be joined as `a` on a.author_id = r.author_id and filtered with ruminationVisibleThroughMask.
 */
export function relatedAuthorsOf(viewerId: number, onlyAuthorId?: number): RawBuilder<unknown> {
  const narrow = onlyAuthorId === undefined ? sql`` : sql` and va.author_id = ${onlyAuthorId}`;
  return sql`select va.author_id, va.audience_mask as mask from viewer_audiences va
  where va.viewer_id = ${viewerId}${narrow}`;
}

/** A published row of `r`, not in the trash, visible to a viewer whose mask for its author is `a.mask`. */
export function ruminationVisibleThroughMask(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(r.deleted_tms is null and r.is_published = 1 and (r.audience_mask = 0 or (r.audience_mask & a.mask) <> 0))`;
}
