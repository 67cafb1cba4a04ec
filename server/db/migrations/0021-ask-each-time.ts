import { sql, type Kysely } from 'kysely';

/**
 * `user_preferences.default_audiences` may be null: "ask each time" (contract: "Names people
 * recognise", preferences), the default of every account, so that no composer falls back to
 * Public. A mask is still a chosen default, 0 being a chosen Public.
 *
 * Existing rows whose mask is 0 become null: until now 0 was both the default and a chosen Public,
 * written alike whenever a person changed any preference, so we cannot tell "chose Public" from
 * "never chose". Asking again is the safe side: the worst it costs is one question; the other way,
 * a note public by mistake.
 *
 * SQLite cannot drop a NOT NULL in place, so the column is copied into a new nullable one that
 * takes its name (the same statements on both databases).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_preferences').addColumn('audience_choice', 'integer').execute();
  await sql`update user_preferences set audience_choice = default_audiences
    where default_audiences <> 0`.execute(db);
  await db.schema.alterTable('user_preferences').dropColumn('default_audiences').execute();
  await db.schema
    .alterTable('user_preferences')
    .renameColumn('audience_choice', 'default_audiences')
    .execute();
}

/** Back to a mask that is never null: "ask each time" reads as Public again, as it did. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_preferences')
    .addColumn('audience_mask', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update user_preferences set audience_mask = coalesce(default_audiences, 0)`.execute(db);
  await db.schema.alterTable('user_preferences').dropColumn('default_audiences').execute();
  await db.schema
    .alterTable('user_preferences')
    .renameColumn('audience_mask', 'default_audiences')
    .execute();
}
