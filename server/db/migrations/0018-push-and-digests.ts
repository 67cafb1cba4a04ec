import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Reaching people when the app is closed (api-contract.md "Reach them when the app is closed").
 *
 * - `server_keys`: secrets every instance must share, made once per deployment by whichever
 *   instance starts first (insert-if-absent, then read back): the VAPID key pair (`vapid`, JSON)
 *   and the key that signs the digests' unsubscribe links (`digest-unsubscribe`).
 * - `push_subscriptions`: a browser's PushSubscription, one row per endpoint (an endpoint names
 *   one browser profile, so the same endpoint again updates its row).
 * - `push_outbox`: messages still to send, written in the transaction that wrote the notification
 *   so a restart loses none. A row without a subscription is one notification waiting to be fanned
 *   out to its recipient's devices; fan-out replaces it with one row per subscription. Instances
 *   claim rows (`claimed_until`, with SKIP LOCKED on PostgreSQL) so each message is sent once;
 *   a claim that lapses (its instance died) is taken over. Both foreign keys cascade: a
 *   notification withdrawn or erased, or a device removed, takes its unsent messages with it.
 * - `digest_state`: when a person's last digest went out and the newest notification it listed.
 *
 * Indexes: a person's devices; the outbox by due time (claims read the oldest due first); the
 * people who chose a digest (partial: most never do).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .addColumn('update_tms', 'text', (c) => c.notNull())
    .execute();
  await sql`create index push_subscriptions_user on push_subscriptions (user_id, id)`.execute(db);

  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'integer', (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('notification_id', 'integer', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'integer', (c) =>
      c.references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('due_tms', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index push_outbox_due on push_outbox (due_tms, id)`.execute(db);
  await sql`create index push_outbox_notification on push_outbox (notification_id)`.execute(db);
  await sql`create index push_outbox_subscription on push_outbox (subscription_id)`.execute(db);

  await db.schema
    .createTable('digest_state')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('last_sent_tms', 'text', (c) => c.notNull())
    .addColumn('last_notification_id', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index user_preferences_digest on user_preferences (email_digest, user_id) where email_digest <> 'off'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists user_preferences_digest`.execute(db);
  await sql`drop table if exists digest_state`.execute(db);
  await sql`drop table if exists push_outbox`.execute(db);
  await sql`drop table if exists push_subscriptions`.execute(db);
  await sql`drop table if exists server_keys`.execute(db);
}
