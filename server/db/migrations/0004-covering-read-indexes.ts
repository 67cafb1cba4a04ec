import type { Kysely } from 'kysely';

/**
 * Indexes that let the hottest reads (the feed, and the visibility test of every other read) answer
 * from an index alone, each replacing an index that is a prefix of it:
 * - ruminations (author_id, is_published, id, audience_mask): an author's published ruminations
 *   newest first, with the audience mask beside each id. The feed walks one such range per related
 *   author; as the range comes in id order, SQLite stops reading an author as soon as the rest of
 *   that author's rows could not enter the page (ORDER BY ... LIMIT on an ordered inner loop), so
 *   the feed's cost follows the page size, not the number of ruminations (scripts/bench: at 1M
 *   ruminations the page's ids took 66 µs instead of 200 µs). Replaces (author_id, is_published, id).
 * - user_relations (initiator_id | receiver_id, the other side, type, is_accepted, is_deleted): the
 *   viewer's relations and the EXISTS of the visibility rule without reading table rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ruminations_author_published_id_audience')
    .on('ruminations')
    .columns(['author_id', 'is_published', 'id', 'audience_mask'])
    .execute();
  await db.schema.dropIndex('ruminations_author_published_id').ifExists().execute();
  await db.schema
    .createIndex('user_relations_initiator_state')
    .on('user_relations')
    .columns(['initiator_id', 'receiver_id', 'type', 'is_accepted', 'is_deleted'])
    .execute();
  await db.schema.dropIndex('user_relations_initiator').ifExists().execute();
  await db.schema
    .createIndex('user_relations_receiver_state')
    .on('user_relations')
    .columns(['receiver_id', 'initiator_id', 'type', 'is_accepted', 'is_deleted'])
    .execute();
  await db.schema.dropIndex('user_relations_receiver').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('user_relations_receiver')
    .on('user_relations')
    .columns(['receiver_id', 'initiator_id', 'type'])
    .execute();
  await db.schema.dropIndex('user_relations_receiver_state').ifExists().execute();
  await db.schema
    .createIndex('user_relations_initiator')
    .on('user_relations')
    .columns(['initiator_id', 'receiver_id', 'type'])
    .execute();
  await db.schema.dropIndex('user_relations_initiator_state').ifExists().execute();
  await db.schema
    .createIndex('ruminations_author_published_id')
    .on('ruminations')
    .columns(['author_id', 'is_published', 'id'])
    .execute();
  await db.schema.dropIndex('ruminations_author_published_id_audience').ifExists().execute();
}
