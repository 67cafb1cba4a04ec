import type SQLite from 'better-sqlite3';
import { searchWords } from '../../src/domain/note-search';

/**
 * The indexes of note search (migration 0009: SQLite's FTS5 table, PostgreSQL's tsvector) hold
 * each note's words prefixed with its author: "u42xcoffee" for the word "coffee" in a note of
 * user 42. A prefix query such as "u42xcof"* then reads only that author's words. Without the
 * author in the term, FTS5 gathered every term of a prefix, and PostgreSQL every entry, of every
 * note of everyone holding such a word (measured at 1M notes for a common word: 230 ms p50 on
 * SQLite, 700 ms on PostgreSQL). On SQLite the words come from src/domain/note-search.ts, the rule
 * the mock backend and the highlighting use, so it matches exactly as they do. The author's
 * number ends at the first "x".
 */
export function authorSearchTerm(authorId: number, word: string): string {
  return `u${authorId}x${word}`;
}

/**
 * SQLite: the FTS5 query of a search, every term as the start of one of the author's words. A term
 * is quoted (a string, never query syntax) and is one word to the tokenizer, as the index's words
 * are (src/domain/note-search.ts): a term it split would be a phrase, which detail=none refuses.
 */
export function authorFts5Match(authorId: number, terms: readonly string[]): string {
  return terms.map((term) => `"${authorSearchTerm(authorId, term)}"*`).join(' AND ');
}

/**
 * PostgreSQL: the same as tsquery text, to be cast (`::tsquery`), which takes each quoted lexeme as
 * it is. to_tsquery would parse the terms again by the C library's idea of a letter, which differs
 * from JavaScript's (superscript digits, letters newer than its Unicode): a term cut there left
 * "u42x" alone, the start of every one of the author's words, and a search for "²" found them all.
 * The terms are already folded as the index folds (lower case, no accents) and hold letters and
 * digits only: no quote or backslash to escape.
 */
export function authorTsquery(authorId: number, terms: readonly string[]): string {
  return terms.map((term) => `'${authorSearchTerm(authorId, term)}':*`).join(' & ');
}

/** What the index holds for one note: its distinct words, each with its author. */
export function authorSearchText(authorId: number, content: string): string {
  return [...new Set(searchWords(content))]
    .map((word) => authorSearchTerm(authorId, word))
    .join(' ');
}

/** The SQL function the index's triggers call; every SQLite connection that writes notes needs it. */
export const SEARCH_TEXT_FUNCTION = 'ruminations_search_text';

export function registerSearchFunction(sqlite: SQLite.Database): void {
  sqlite.function(SEARCH_TEXT_FUNCTION, { deterministic: true }, (authorId, content) =>
    authorSearchText(Number(authorId), String(content)),
  );
}
