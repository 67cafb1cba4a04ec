import type { Kysely } from 'kysely';

/**
 * A person's time zone and "Remind me to write" (api-contract.md "Memories"; the rules are
 * src/domain/preferences.ts and local-days.ts), on the `user_preferences` row that holds every
 * preference once a person changed any:
 *
 * - `time_zone`: an IANA name, canonical; 'UTC' until the app or the person sets it;
 * - `reminder_time`: 'HH:MM' in that zone, null for no reminder;
 * - `reminder_days`: the weekdays it rings on, bit d for weekday d (0 Sunday); 127 is every day.
 *
 * And an index for the days a person wrote on (on this day, the calendar, "already wrote today"):
 * one author's notes by creation time, a range of it for a day or a month, whatever else they or
 * anyone wrote. ISO 8601 texts in UTC sort as their instants, so a range of `create_tms` is a range
 * of time on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_preferences')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema.alterTable('user_preferences').addColumn('reminder_time', 'text').execute();
  await db.schema
    .alterTable('user_preferences')
    .addColumn('reminder_days', 'integer', (c) => c.notNull().defaultTo(127))
    .execute();
  await db.schema
    .createIndex('ruminations_author_created')
    .on('ruminations')
    .columns(['author_id', 'create_tms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ruminations_author_created').execute();
  await db.schema.alterTable('user_preferences').dropColumn('reminder_days').execute();
  await db.schema.alterTable('user_preferences').dropColumn('reminder_time').execute();
  await db.schema.alterTable('user_preferences').dropColumn('time_zone').execute();
}
