import { sql, type Kysely } from 'kysely';

/**
 * Every rumination read carries `commentCount` (its comments that are not deleted). A partial index
 * holding only live comments lets that count read the index alone, a few entries per rumination,
 * whatever the share of deleted comments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index comments_rumination_live on comments (rumination_id)
    where is_deleted = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists comments_rumination_live`.execute(db);
}
