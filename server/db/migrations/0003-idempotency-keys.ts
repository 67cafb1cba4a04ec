import type { Kysely } from 'kysely';

/**
 * Idempotency keys of writes (server/http/idempotency.ts): one row per (user, key) holding a
 * fingerprint of the request and the response that was sent, so that a client resending a write
 * after a lost answer (offline queue, flaky network) gets the first answer back and creates
 * nothing. Keyed by user so that one person's keys can never reveal or block another's.
 * The create_tms index serves the periodic cleanup of old keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_create_tms')
    .on('idempotency_keys')
    .column('create_tms')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
