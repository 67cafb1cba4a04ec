/**
 * How a search of one's own ruminations matches (contract: "My writing"), in one place for the
 * mock backend, the highlighting in the cards and the server's SQLite index (which is filled with
 * these words, server/db/search-tokens.ts):
 * - a note's words are its runs of letters and digits, compared ignoring case and accents
 *   ("Café" is the word "cafe");
 * - every word of the query must start some word of the note ("rumin" finds "ruminating");
 * - a query with no word at all (blank, or punctuation only) is no search.
 * Each word is also exactly one word to SQLite's FTS5 tokenizer (unicode61, remove_diacritics 2),
 * which splits it again: a word it split would make a query a phrase (refused by the index) and
 * put parts of a note in the index without their author. tests/server/note-search-tokens.test.ts
 * runs every code point through both.
 */

const COMBINING_MARKS = /\p{M}/gu;

/**
 * Letters to the Unicode of JavaScript that unicode61's older tables take for separators: New Tai
 * Lue vowel signs (spacing marks until Unicode 8) and two Vedic signs (marks until Unicode 10). A
 * word ends at them, as it does in the index.
 */
const SEPARATING_LETTERS = '\u19B0-\u19C0\u19C8\u19C9\u1CF2\u1CF3';

const NOT_WORD = new RegExp(`(?:[^\\p{L}\\p{N}]|[${SEPARATING_LETTERS}])+`, 'u');

/** Lower case without accents: "Élan" -> "elan". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** The words of a text as search sees them, folded, in order (repeats kept). */
export function searchWords(text: string): string[] {
  return foldForSearch(text)
    .split(NOT_WORD)
    .filter((word) => word !== '');
}

/** The distinct words of a query, in order; empty when the query is no search. */
export function searchTerms(query: string | undefined): string[] {
  return query === undefined ? [] : [...new Set(searchWords(query))];
}

/** True when every term starts some word of `text` (and when there is no term). */
export function matchesSearch(text: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const words = searchWords(text);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/** A part of a text, marked when it is a word that one of the terms starts. */
export interface SearchPart {
  text: string;
  isMatch: boolean;
}

// Marks stay inside a word here, so that a decomposed "é" does not split it.
const WORD_IN_ORIGINAL = new RegExp(`(?:(?![${SEPARATING_LETTERS}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');

/** `text` cut into parts, the words matched by `terms` marked, for highlighting. */
export function splitByMatches(text: string, terms: readonly string[]): SearchPart[] {
  if (terms.length === 0) return [{ text, isMatch: false }];
  const parts: SearchPart[] = [];
  let last = 0;
  for (const found of text.matchAll(WORD_IN_ORIGINAL)) {
    const word = found[0];
    const folded = foldForSearch(word);
    if (!terms.some((term) => folded.startsWith(term))) continue;
    if (found.index > last) parts.push({ text: text.slice(last, found.index), isMatch: false });
    parts.push({ text: word, isMatch: true });
    last = found.index + word.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isMatch: false });
  return parts;
}
