import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { THERAPIST } from '../../../src/domain/relation-types';

/**
 * The one SQL form of the visibility rule (api-contract.md "Visibility"; the oracle is canView in
 * src/domain/visibility.ts). Every read path that returns a rumination, or anything hanging off one
 * (comments, replies, counts), filters with this, so the rule cannot drift between paths.
 *
 * It expects the ruminations table under the alias `r`. The relation lookup is an EXISTS that seeks
 * the (initiator_id, receiver_id, type) and (receiver_id, initiator_id, type) indexes for the one
 * author/viewer pair of the row, so its cost does not grow with the size of any table. Only
 * integer arithmetic and comparisons: the same text runs on SQLite and PostgreSQL.
 */
export function ruminationVisibleTo(viewerId: number | null): RawBuilder<SqlBool> {
  if (viewerId === null) {
    return sql<SqlBool>`(r.is_published = 1 and r.audience_mask = 0)`;
  }
  return sql<SqlBool>`(r.author_id = ${viewerId} or (r.is_published = 1 and (r.audience_mask = 0 or exists (
    select 1 from user_relations ur
    where ur.is_accepted = 1 and ur.is_deleted = 0
      and (r.audience_mask & (1 << ur.type)) <> 0
      and (
        (ur.initiator_id = r.author_id and ur.receiver_id = ${viewerId})
        or (ur.initiator_id = ${viewerId} and ur.receiver_id = r.author_id and ur.type <> ${THERAPIST})
      )
  ))))`;
}

/**
 * The same rule, turned around for the feed, which reads many authors at once. Instead of one
 * EXISTS per row, it first derives per related author the audience mask the viewer belongs to:
 * bit t for each accepted, not deleted relation of type t between them, in either direction, except
 * Therapist, which counts only when the author initiated it (initiator = author, receiver = viewer),
 * exactly as in the EXISTS above. A row of that author is then visible when it is published and
 * `audience_mask = 0 or audience_mask & mask <> 0` (ruminationVisibleThroughMask), which the covering
 * index ruminations_author_audience_id answers without reading table rows.
 *
 * Rows (author_id, mask), one per related author (any type, either direction: a relation whose only
 * bit is a viewer-initiated Therapist one still relates them, with mask 0 = public rows only).
 * Powers of two are summed DISTINCT, which is their bitwise OR (no bit_or aggregate in SQLite).
 * Fixed SQL text whatever the number of authors; `onlyAuthorId` narrows to one of them.
 * Change this together with ruminationVisibleTo: tests/server/visibility-property.test.ts checks
 * the feed against the same oracle.
 */
export function viewerMasksByAuthor(viewerId: number, onlyAuthorId?: number): RawBuilder<unknown> {
  const narrow = onlyAuthorId === undefined ? sql`` : sql` and rel.other_id = ${onlyAuthorId}`;
  return sql`select rel.other_id as author_id, cast(sum(distinct rel.bit) as integer) as mask from (
    select ur.receiver_id as other_id, case when ur.type = ${THERAPIST} then 0 else 1 << ur.type end as bit
    from user_relations ur
    where ur.initiator_id = ${viewerId} and ur.is_accepted = 1 and ur.is_deleted = 0
    union all
    select ur.initiator_id as other_id, 1 << ur.type as bit
    from user_relations ur
    where ur.receiver_id = ${viewerId} and ur.is_accepted = 1 and ur.is_deleted = 0
  ) rel
  where rel.other_id <> ${viewerId}${narrow}
  group by rel.other_id`;
}

/**
 * A published row of `r` visible to a viewer whose mask for its author is `a.mask` (from
 * viewerMasksByAuthor, joined on a.author_id = r.author_id).
 */
export function ruminationVisibleThroughMask(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(r.is_published = 1 and (r.audience_mask = 0 or (r.audience_mask & a.mask) <> 0))`;
}
