import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { SEARCH_TEXT_FUNCTION } from '../search-tokens';

/**
 * Erased means erased from the files too (api-contract.md "My account"). SQLite's search index of
 * migration 0009 was contentless_delete=1: deleting a note's row only marks its rowid deleted, and
 * its words stay in the index's segments, readable in the file, until a merge rewrites them (FTS5's
 * secure-delete option does nothing for such a table). Rebuilt here as a plain contentless table
 * with secure-delete on: a delete names the row's words again (the trigger computes them from the
 * old row, as the insert did) and FTS5 takes them out of every segment at once; the database's
 * secure_delete (database.ts) zeroes the bytes they leave. Measured on 100,000 notes of 60 words: an
 * edit costs about 2.5 ms more (its old words are rewritten out of their pages), erasing 1,000 notes
 * about 0.9 s more; creating and searching cost the same.
 *
 * Because a delete names the words, the words of a row must be computed now as they were when it
 * was inserted: a change to the word rule (src/domain/note-search.ts) needs a migration that
 * rebuilds this index, as this one does.
 *
 * PostgreSQL's index is a column of the row: nothing to do (what it keeps until VACUUM:
 * docs/operations.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  const words = sql.raw(SEARCH_TEXT_FUNCTION);
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`ruminations_search_${trigger}`)}`.execute(db);
  }
  await sql`drop table ruminations_search`.execute(db);
  await sql`create virtual table ruminations_search using fts5(
    words, content='', detail=none,
    tokenize='unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`insert into ruminations_search(ruminations_search, rank)
    values ('secure-delete', 1)`.execute(db);
  await sql`create trigger ruminations_search_insert after insert on ruminations begin
    insert into ruminations_search(rowid, words) values (new.id, ${words}(new.author_id, new.content));
  end`.execute(db);
  await sql`create trigger ruminations_search_delete after delete on ruminations begin
    insert into ruminations_search(ruminations_search, rowid, words)
      values ('delete', old.id, ${words}(old.author_id, old.content));
  end`.execute(db);
  await sql`create trigger ruminations_search_update after update of content, author_id
    on ruminations begin
    insert into ruminations_search(ruminations_search, rowid, words)
      values ('delete', old.id, ${words}(old.author_id, old.content));
    insert into ruminations_search(rowid, words) values (new.id, ${words}(new.author_id, new.content));
  end`.execute(db);
  await sql`insert into ruminations_search(rowid, words)
    select id, ${words}(author_id, content) from ruminations`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  const words = sql.raw(SEARCH_TEXT_FUNCTION);
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`ruminations_search_${trigger}`)}`.execute(db);
  }
  await sql`drop table ruminations_search`.execute(db);
  await sql`create virtual table ruminations_search using fts5(
    words, content='', contentless_delete=1, detail=none,
    tokenize='unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger ruminations_search_insert after insert on ruminations begin
    insert into ruminations_search(rowid, words) values (new.id, ${words}(new.author_id, new.content));
  end`.execute(db);
  await sql`create trigger ruminations_search_delete after delete on ruminations begin
    delete from ruminations_search where rowid = old.id;
  end`.execute(db);
  await sql`create trigger ruminations_search_update after update of content, author_id
    on ruminations begin
    delete from ruminations_search where rowid = old.id;
    insert into ruminations_search(rowid, words) values (new.id, ${words}(new.author_id, new.content));
  end`.execute(db);
  await sql`insert into ruminations_search(rowid, words)
    select id, ${words}(author_id, content) from ruminations`.execute(db);
}
