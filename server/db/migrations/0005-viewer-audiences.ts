import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { rebuildViewerAudiences } from '../../modules/relations/viewer-audiences';

/**
 * viewer_audiences: per ordered pair of related people, the audiences of the author that the viewer
 * belongs to, derived from user_relations (server/modules/relations/viewer-audiences.ts, where the
 * rule and its upkeep live). Filled here from the relations that exist. On SQLite the rows live in
 * the primary key's b-tree (WITHOUT ROWID), so a viewer's authors and masks are one range read.
 */
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
  await rebuildViewerAudiences(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('viewer_audiences').ifExists().execute();
}
