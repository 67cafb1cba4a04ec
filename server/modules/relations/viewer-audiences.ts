import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { THERAPIST } from '../../../src/domain/relation-types';
import type { Database } from '../../db/schema';
import { eraseUnreadableReactions } from '../reactions/reaction-queries';
import { rebuildFeeds, refreshFeedOfPair } from '../ruminations/feed-timeline';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Who belongs to which audience of whom: the relation half of the visibility rule
 * (api-contract.md "Visibility"; the oracle is canView in src/domain/visibility.ts), kept in the
 * table viewer_audiences, one row per ordered pair of related people (viewer, author) with the
 * audience mask of the author's ruminations the viewer may read: bit t for each accepted, not
 * deleted relation of type t between them, in either direction, except Therapist, which counts only
 * when the author initiated it (the patient shares with the therapist, not the other way round).
 * A pair related only by a viewer-initiated Therapist relation has mask 0: related (the author's
 * public ruminations are in the viewer's feed), in no audience.
 *
 * The table is derived from user_relations by the SQL below and nothing else: every write that can
 * change a pair's accepted relations calls refreshViewerAudiences for that pair in the same
 * transaction (relation-service.ts). Reads then look a pair up by primary key instead of
 * aggregating relations on every request (the feed's cost halved at 1M ruminations, scripts/bench).
 * Powers of two are summed DISTINCT, which is their bitwise OR (no bit_or aggregate in SQLite).
 */
function viewerAudienceRows(relations: RawBuilder<SqlBool>): RawBuilder<unknown> {
  return sql`select rel.viewer_id, rel.author_id, cast(sum(distinct rel.bit) as integer) as audience_mask
  from (
    select ur.initiator_id as viewer_id, ur.receiver_id as author_id,
      case when ur.type = ${THERAPIST} then 0 else 1 << ur.type end as bit
    from user_relations ur
    where ur.is_accepted = 1 and ur.is_deleted = 0 and ${relations}
    union all
    select ur.receiver_id as viewer_id, ur.initiator_id as author_id, 1 << ur.type as bit
    from user_relations ur
    where ur.is_accepted = 1 and ur.is_deleted = 0 and ${relations}
  ) rel
  where rel.viewer_id <> rel.author_id
  group by rel.viewer_id, rel.author_id`;
}

/**
 * Recomputes both directions of one pair from user_relations. Call it in the transaction of any
 * write that accepts or ends a relation between `a` and `b`, after the write; on PostgreSQL, after
 * lockPair, so that two racing writes on the same pair cannot leave a stale mask behind.
 */
export async function refreshViewerAudiences(db: Db, a: number, b: number): Promise<void> {
  await db
    .deleteFrom('viewer_audiences')
    .where((eb) =>
      eb.or([
        eb.and([eb('viewer_id', '=', a), eb('author_id', '=', b)]),
        eb.and([eb('viewer_id', '=', b), eb('author_id', '=', a)]),
      ]),
    )
    .execute();
  await sql`insert into viewer_audiences (viewer_id, author_id, audience_mask)
  ${viewerAudienceRows(sql<SqlBool>`ur.initiator_id in (${a}, ${b}) and ur.receiver_id in (${a}, ${b})`)}`.execute(
    db,
  );
  // Each one's feed of the other's notes, by the new masks (feed-timeline.ts).
  await refreshFeedOfPair(db, a, b);
  // Reactions on each other's notes that the relation no longer lets them read go with it.
  await eraseUnreadableReactions(db, { between: [a, b] });
}

/**
 * Recomputes the whole table, and every feed written from it (bulk loads such as the benchmark's,
 * which write relations and notes without the services).
 */
export async function rebuildViewerAudiences(db: Kysely<unknown> | Db): Promise<void> {
  await sql`delete from viewer_audiences`.execute(db);
  await sql`insert into viewer_audiences (viewer_id, author_id, audience_mask)
  ${viewerAudienceRows(sql<SqlBool>`1 = 1`)}`.execute(db);
  await rebuildFeeds(db);
}
