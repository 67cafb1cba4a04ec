import type { Kysely } from 'kysely';

/**
 * Indexes that let every rumination page be one index range read, whatever the table's size
 * (checked with EXPLAIN QUERY PLAN in tests/server/visibility-query-plans.test.ts):
 * - own list with the Published / Drafts toggle, and an author's published ones (profile, feed);
 * - an author's public ones, newest first, and their count on the profile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ruminations_author_published_id')
    .on('ruminations')
    .columns(['author_id', 'is_published', 'id'])
    .execute();
  await db.schema
    .createIndex('ruminations_author_audience_id')
    .on('ruminations')
    .columns(['author_id', 'is_published', 'audience_mask', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ruminations_author_audience_id').ifExists().execute();
  await db.schema.dropIndex('ruminations_author_published_id').ifExists().execute();
}
