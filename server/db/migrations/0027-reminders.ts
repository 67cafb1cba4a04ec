import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { canonicalTimeZone } from '../../../src/domain/local-days';
import { WEEKDAYS } from '../../../src/domain/preferences';
import { nextReminderAt } from '../../../src/domain/write-reminders';

/**
 * "Remind me to write" (api-contract.md "Memories", reminders; the rules are
 * src/domain/write-reminders.ts):
 *
 * - `user_preferences.next_reminder_at`: the next instant (ISO, UTC) a person's reminder may be
 *   due, null without a reminder; recomputed when their preferences change and after each day is
 *   claimed. The scheduler's whole read each minute is `next_reminder_at <= now` through the
 *   partial index below: it grows with the reminders due that minute, not with everyone who set
 *   one (an index on reminder_time alone could not say which are due without each one's zone).
 * - `reminder_claims`: one row per person and local date once that day's reminder is settled
 *   (`channel`: 'push', 'email' or 'skipped' when they had already written). Its primary key is
 *   what makes a reminder once-only across instances: the instance whose insert wins sends.
 * - `push_outbox` gains `payload` (the message of a row that carries its own, a reminder) and its
 *   `notification_id` may be null for such rows: reminders are queued, claimed, retried and sent
 *   as notifications are. SQLite cannot drop a NOT NULL, so there the table is built again with
 *   its rows and indexes; PostgreSQL alters it in place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('user_preferences').addColumn('next_reminder_at', 'text').execute();
  await sql`create index user_preferences_next_reminder on user_preferences (next_reminder_at)
    where next_reminder_at is not null`.execute(db);

  await db.schema
    .createTable('reminder_claims')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_claims_pk', ['user_id', 'local_date'])
    .execute();

  if (pg) {
    await sql`alter table push_outbox alter column notification_id drop not null`.execute(db);
    await sql`alter table push_outbox add column payload text`.execute(db);
  } else {
    await sql`create table push_outbox_next (
      id integer primary key autoincrement,
      notification_id integer references notifications (id) on delete cascade,
      subscription_id integer references push_subscriptions (id) on delete cascade,
      due_tms text not null,
      claimed_until text,
      attempts integer not null default 0,
      payload text)`.execute(db);
    await sql`insert into push_outbox_next
      (id, notification_id, subscription_id, due_tms, claimed_until, attempts)
      select id, notification_id, subscription_id, due_tms, claimed_until, attempts
      from push_outbox`.execute(db);
    await sql`drop table push_outbox`.execute(db);
    await sql`alter table push_outbox_next rename to push_outbox`.execute(db);
    await sql`create index push_outbox_due on push_outbox (due_tms, id)`.execute(db);
    await sql`create index push_outbox_notification on push_outbox (notification_id)`.execute(db);
    await sql`create index push_outbox_subscription on push_outbox (subscription_id)`.execute(db);
  }

  // Reminders set before this migration (0025 stored them) get their next instant.
  const rows = await sql<{
    user_id: number;
    time_zone: string;
    reminder_time: string;
    reminder_days: number;
  }>`select user_id, time_zone, reminder_time, reminder_days from user_preferences
    where reminder_time is not null`.execute(db);
  const now = Date.now();
  for (const row of rows.rows) {
    const days = WEEKDAYS.filter((d) => (row.reminder_days & (1 << d)) !== 0);
    const zone = canonicalTimeZone(row.time_zone) ?? 'UTC';
    const next = nextReminderAt(zone, { time: row.reminder_time, days }, now);
    await sql`update user_preferences set next_reminder_at = ${next === null ? null : new Date(next).toISOString()}
      where user_id = ${row.user_id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`delete from push_outbox where notification_id is null`.execute(db);
  if (pg) {
    await sql`alter table push_outbox drop column payload`.execute(db);
    await sql`alter table push_outbox alter column notification_id set not null`.execute(db);
  } else {
    await sql`drop index push_outbox_due`.execute(db);
    await sql`drop index push_outbox_notification`.execute(db);
    await sql`drop index push_outbox_subscription`.execute(db);
    await sql`create table push_outbox_prev (
      id integer primary key autoincrement,
      notification_id integer not null references notifications (id) on delete cascade,
      subscription_id integer references push_subscriptions (id) on delete cascade,
      due_tms text not null,
      claimed_until text,
      attempts integer not null default 0)`.execute(db);
    await sql`insert into push_outbox_prev
      select id, notification_id, subscription_id, due_tms, claimed_until, attempts
      from push_outbox`.execute(db);
    await sql`drop table push_outbox`.execute(db);
    await sql`alter table push_outbox_prev rename to push_outbox`.execute(db);
    await sql`create index push_outbox_due on push_outbox (due_tms, id)`.execute(db);
    await sql`create index push_outbox_notification on push_outbox (notification_id)`.execute(db);
    await sql`create index push_outbox_subscription on push_outbox (subscription_id)`.execute(db);
  }
  await sql`drop table reminder_claims`.execute(db);
  await sql`drop index user_preferences_next_reminder`.execute(db);
  await db.schema.alterTable('user_preferences').dropColumn('next_reminder_at').execute();
}
