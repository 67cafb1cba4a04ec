import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { SEARCH_TEXT_FUNCTION } from '../search-tokens';

/**
 * Search of one's own ruminations (GET /api/ruminations/my?q=, contract "My writing"), indexed on
 * both databases and kept in step with every create, edit and delete by the database itself:
 * - SQLite: a contentless FTS5 table (unicode61, remove_diacritics 2; detail=none: no positions,
 *   which no query here needs) whose text is each note's words prefixed with its author
 *   (server/db/search-tokens.ts: why, and the SQL function the triggers call), kept by triggers
 *   on ruminations (contentless_delete=1 lets a row be deleted by its rowid alone).
 * - PostgreSQL: a stored generated tsvector of the content's words, each prefixed with its author
 *   as on SQLite (configuration `simple`: no stemming, no stop words), folded first by
 *   ruminations_search_fold, which lower-cases, takes the accents off Latin letters (the same
 *   mapping as src/domain/note-search.ts, written out by the migration) and turns punctuation
 *   into spaces (so "example.com" holds the word "example", as on SQLite); a GIN index over it.
 *   No extension is needed.
 */
/** The ASCII punctuation that ruminations_search_fold turns into spaces. */
export const FOLDED_PUNCTUATION = `.,;:!?'"()[]{}<>@#%^&*+=/\\|~_\`-`;

/**
 * What ruminations_search_fold's translate() maps, fixed here (a migration never changes): every
 * letter of Latin-1 and Latin Extended-A/B, either case, whose accents come off as one letter
 * ("É" -> "e"), and (FOLDED_PUNCTUATION) ASCII punctuation, which becomes a space ('$' left out:
 * the function's body is dollar-quoted).
 */
export function letterFolding(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x24f; code += 1) {
    const letter = String.fromCharCode(code);
    const folded = letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (folded.length === 1 && folded !== letter.toLowerCase()) {
      from += letter;
      to += folded;
    }
  }
  return { from, to };
}

/** 0009's whole translate(): the accented letters (letterFolding) and the punctuation. */
export function accentFolding(): { from: string; to: string } {
  const letters = letterFolding();
  return {
    from: letters.from + FOLDED_PUNCTUATION,
    to: letters.to + ' '.repeat(FOLDED_PUNCTUATION.length),
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const words = sql.raw(SEARCH_TEXT_FUNCTION);
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
    return;
  }
  const folding = accentFolding();
  const from = sql.lit(folding.from);
  const to = sql.lit(folding.to);
  await sql`create function ruminations_search_fold(t text) returns text
    language sql immutable strict parallel safe
    as $$ select translate(lower(t), ${from}, ${to}) $$`.execute(db);
  // The note's lexemes, each prefixed with its author as on SQLite (server/db/search-tokens.ts):
  // a prefix query then reads only the author's entries of the GIN index. Without the author, a
  // common word's prefix query gathered half the table's rows (measured at 1M notes: 700 ms).
  await sql`create function ruminations_search_vector(author_id integer, content text)
    returns tsvector language sql immutable strict parallel safe
    as $$ select array_to_tsvector(array(
      select 'u' || author_id || 'x' || lexeme
      from unnest(to_tsvector('simple'::regconfig, ruminations_search_fold(content)))
    )) $$`.execute(db);
  await sql`alter table ruminations add column search_vector tsvector
    generated always as (ruminations_search_vector(author_id, content)) stored`.execute(db);
  await sql`create index ruminations_search on ruminations using gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const trigger of [
      'ruminations_fts_insert',
      'ruminations_fts_delete',
      'ruminations_fts_update',
    ]) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists ruminations_fts`.execute(db);
    return;
  }
  await sql`drop index if exists ruminations_search`.execute(db);
  await sql`alter table ruminations drop column if exists search_vector`.execute(db);
  await sql`drop function if exists ruminations_search_vector(integer, text)`.execute(db);
  await sql`drop function if exists ruminations_search_fold(text)`.execute(db);
}
