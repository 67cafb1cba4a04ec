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
