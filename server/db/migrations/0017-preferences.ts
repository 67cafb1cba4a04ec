import { sql, type Kysely } from 'kysely';

/**
 * A person's preferences (contract: "Names people recognise", preferences), one row per person
 * who changed any; a person without a row has the defaults (src/domain/preferences.ts), so
 * existing accounts need nothing written. The erasure deletes the row itself
 * (server/modules/account/account-erasure.ts): a deleted account keeps its users row as a tombstone, so
 * the foreign key's cascade alone would never fire.
 *
 * - `default_audiences`: the audiences new notes start with, as the audience bit mask the
 *   ruminations use (bit t for relation type t; 0 is public).
 * - `email_digest`: 'off' | 'daily' | 'weekly'.
 * - `push_off`: the notification kinds NOT pushed, comma-separated names ('' is every kind), so a
 *   kind added later is pushed by default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('default_audiences', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_digest', 'text', (c) => c.notNull().defaultTo('off'))
    .addColumn('push_off', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('update_tms', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists user_preferences`.execute(db);
}
