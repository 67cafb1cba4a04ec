import type { Kysely } from 'kysely';

/**
 * Who is exporting (server/modules/account/export-leases.ts): one row per account whose export
 * runs, on any instance sharing the database, so that an account runs one export at a time
 * (api-contract.md "My account"). `holder` names the one export that took it (only it renews or
 * releases it); `expires_at` (epoch milliseconds) is pushed forward while the export runs, so the
 * lease of an instance that died lapses by itself. No foreign key: a lease outlives nothing (it
 * ends with its export or lapses), and an erasure racing an export must not fail on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_leases')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_leases').ifExists().execute();
}
