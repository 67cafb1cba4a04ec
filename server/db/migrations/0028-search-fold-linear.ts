import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { accentFolding, FOLDED_PUNCTUATION, letterFolding } from './0009-rumination-search';

/**
 * PostgreSQL: ruminations_search_fold (0009), which every insert and edit of a note runs for its
 * stored search vector, with the same result for a fraction of the cost. Its one translate() over
 * about 280 characters (the accented letters and the punctuation) compares each character of the
 * note with each of them: 2.6 ms of the database's CPU for a note of 1,500 characters, 20 s for
 * 8,000 such notes. Now the punctuation becomes spaces through one regular expression, which reads
 * the note once, and the letters' translate() runs only for a note with a character beyond ASCII
 * (its bytes outnumber its characters), as no letter it maps is ASCII: 0.7 s for those 8,000
 * notes when they are ASCII. Both steps map disjoint characters to characters neither maps, so
 * their order changes nothing, and the stored vectors stay valid. SQLite folds in its tokenizer:
 * nothing to do there.
 */

/** A regular-expression bracket that matches any one of FOLDED_PUNCTUATION. */
function punctuationClass(): string {
  return `[${FOLDED_PUNCTUATION.replace(/[\\\][^-]/g, '\\$&')}]`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  const letters = letterFolding();
  const punctuation = sql.lit(punctuationClass());
  await sql`create or replace function ruminations_search_fold(t text) returns text
    language sql immutable strict parallel safe
    as $$ select case
      when octet_length(t) = char_length(t) then spaced
      else translate(spaced, ${sql.lit(letters.from)}, ${sql.lit(letters.to)})
    end from (select regexp_replace(lower(t), ${punctuation}, ' ', 'g') as spaced) s $$`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  const folding = accentFolding();
  const from = sql.lit(folding.from);
  const to = sql.lit(folding.to);
  await sql`create or replace function ruminations_search_fold(t text) returns text
    language sql immutable strict parallel safe
    as $$ select translate(lower(t), ${from}, ${to}) $$`.execute(db);
}
