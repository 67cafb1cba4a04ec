import { sql, type Kysely } from 'kysely';

/**
 * Tags and mentions (api-contract.md "Habits of a shared journal"; src/domain/tags.ts, mentions.ts).
 *
 * - `rumination_tags`: one row per tag of a rumination, rewritten whenever its content is saved
 *   (create, edit, restore of a version). `author_id` is its rumination's, copied so that a list
 *   of one author's notes with a tag (My Ruminations, a profile, the feed's per-author ranges) is
 *   one index range, newest first, whatever everyone else tagged. `position` keeps the order of
 *   first appearance. Erased with the rumination (cascade, and eraseRuminations says so too).
 * - `mention_notified`: who was told of a mention in which content (`comment_id` 0: the rumination
 *   itself), so that an edit tells only people newly mentioned, and nobody twice.
 *
 * Indexes:
 * - primary key (rumination_id, tag): a page's tags in one query by id list, and the rewrite;
 * - rumination_tags_tag_author (tag, author_id, rumination_id): "this author's notes with tag X,
 *   newest first" (My Ruminations, a profile, each related author of the feed); also the
 *   account's tag counts are an index-only scan of the author's ranges;
 * - rumination_tags_tag (tag, rumination_id): "everyone's notes with tag X, newest first" (Public).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rumination_tags')
    .addColumn('rumination_id', 'integer', (c) =>
      c.notNull().references('ruminations.id').onDelete('cascade'),
    )
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rumination_tags_pk', ['rumination_id', 'tag'])
    .execute();
  await sql`create index rumination_tags_tag_author on rumination_tags (tag, author_id, rumination_id)`.execute(
    db,
  );
  await sql`create index rumination_tags_tag on rumination_tags (tag, rumination_id)`.execute(db);
  await sql`create index rumination_tags_author on rumination_tags (author_id, tag)`.execute(db);

  await db.schema
    .createTable('mention_notified')
    .addColumn('rumination_id', 'integer', (c) =>
      c.notNull().references('ruminations.id').onDelete('cascade'),
    )
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mention_notified_pk', ['rumination_id', 'comment_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists mention_notified`.execute(db);
  await sql`drop table if exists rumination_tags`.execute(db);
}
