import { sql, type Kysely } from 'kysely';

/**
 * Reactions (api-contract.md "Habits of a shared journal"): one row per person, rumination and kind,
 * the primary key (rumination_id, kind, user_id) making a PUT idempotent and serving a page's counts
 * (one range per rumination, already in the order of their GROUP BY rumination, kind: no sort).
 * They go with their rumination (foreign key, cascade: a note deleted for good); with the reacting
 * account by reactions_user, which account erasure deletes by, as does the relation rule that
 * erases reactions their person may no longer read (server/modules/reactions/reaction-queries.ts).
 *
 * reaction_notified remembers who once told a rumination's author they reacted: the author hears of
 * a person at most once per rumination, even after the reaction was taken back or its notification
 * deleted. Kept apart from reactions, whose rows come and go with each tap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reactions')
    .addColumn('rumination_id', 'integer', (c) =>
      c.notNull().references('ruminations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['rumination_id', 'kind', 'user_id'])
    .execute();
  await sql`create index reactions_user on reactions (user_id, rumination_id)`.execute(db);
  await db.schema
    .createTable('reaction_notified')
    .addColumn('rumination_id', 'integer', (c) =>
      c.notNull().references('ruminations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addPrimaryKeyConstraint('reaction_notified_pk', ['rumination_id', 'user_id'])
    .execute();
  await sql`create index reaction_notified_user on reaction_notified (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists reaction_notified`.execute(db);
  await sql`drop table if exists reactions`.execute(db);
}
