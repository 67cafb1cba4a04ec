/**
 * How a search of one's own ruminations matches (contract: "My writing"), in one place for the
 * mock backend, the highlighting in the cards and the server's PostgreSQL index:
 * - a note's words are its runs of letters and digits, compared ignoring case and accents
 *   ("Café" is the word "cafe");
 * - every word of the query must start some word of the note ("rumin" finds "ruminating");
 * - a query with no word at all (blank, or punctuation only) is no search.
 * SQLite's FTS5 index (unicode61, remove_diacritics 2) splits and folds text the same way for
 * text in NFC, which is what browsers send.
 */

const COMBINING_MARKS = /\p{M}/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

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
const WORD_IN_ORIGINAL = /[\p{L}\p{N}\p{M}]+/gu;

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
