import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * viewer_audiences: per ordered pair of related people, the audiences of the author that the viewer
 * belongs to, derived from user_relations (server/modules/relations/viewer-audiences.ts, where the
 * rule and its upkeep live). Filled here from the relations that exist. On SQLite the rows live in
 * the primary key's b-tree (WITHOUT ROWID), so a viewer's authors and masks are one range read.
 *
 * Migrations are frozen: the fill below is a copy of the rule as it stood when this migration was
 * written (viewer-audiences.ts, Therapist = type 5), not a call to the live code, so that a later
 * change of the rule cannot change what this migration did. A change of the rule comes with a new
 * migration that rebuilds the table.
 */
const FILL_FROM_RELATIONS = sql`insert into viewer_audiences (viewer_id, author_id, audience_mask)
  select rel.viewer_id, rel.author_id, cast(sum(distinct rel.bit) as integer) as audience_mask
  from (
    select ur.initiator_id as viewer_id, ur.receiver_id as author_id,
      case when ur.type = 5 then 0 else 1 << ur.type end as bit
    from user_relations ur
    where ur.is_accepted = 1 and ur.is_deleted = 0
    union all
    select ur.receiver_id as viewer_id, ur.initiator_id as author_id, 1 << ur.type as bit
    from user_relations ur
    where ur.is_accepted = 1 and ur.is_deleted = 0
  ) rel
  where rel.viewer_id <> rel.author_id
  group by rel.viewer_id, rel.author_id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('viewer_audiences')
    .addColumn('viewer_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('audience_mask', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('viewer_audiences_pk', ['viewer_id', 'author_id'])
    .$call((t) => (sqlite ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  await FILL_FROM_RELATIONS.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('viewer_audiences').ifExists().execute();
}
