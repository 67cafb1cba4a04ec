import { sql, type Kysely } from 'kysely';
import { extractTags } from '../../../src/domain/tags';

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
 *
 * Notes written before this migration get their tags here, by the rule every later save uses, so
 * that a year of #garden is found together from the first day (and a card's tags, read from its
 * content, always match the lists).
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

  await backfillTags(db);

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

/** Tags of the notes already written, a batch of them at a time by id (only those holding a '#'). */
async function backfillTags(db: Kysely<unknown>): Promise<void> {
  const BATCH = 1000;
  let afterId = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; author_id: number; content: string }>`
      select id, author_id, content from ruminations
      where id > ${afterId} and content like ${'%#%'} order by id limit ${BATCH}`.execute(db);
    const tagRows = rows.flatMap((r) =>
      extractTags(r.content).map((tag, position) => ({
        rumination_id: r.id,
        tag,
        author_id: r.author_id,
        position,
      })),
    );
    if (tagRows.length > 0) {
      await (db as Kysely<{ rumination_tags: (typeof tagRows)[number] }>)
        .insertInto('rumination_tags')
        .values(tagRows)
        .execute();
    }
    if (rows.length < BATCH) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists mention_notified`.execute(db);
  await sql`drop table if exists rumination_tags`.execute(db);
}
