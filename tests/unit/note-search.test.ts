import { describe, expect, it } from 'vitest';
import {
  matchesSearch,
  searchTerms,
  searchWords,
  splitByMatches,
} from '../../src/domain/note-search';

/**
 * The word rule of note search (src/domain/note-search.ts), which the mock, the highlighting and
 * SQLite's index all use. That every word it makes is one word of SQLite's tokenizer, for every code
 * point, is tested against FTS5 itself in tests/server/note-search-tokens.test.ts.
 */

describe('the words of note search', () => {
  it('are runs of letters and digits, folded', () => {
    expect(searchWords('Café au lait, 2026!')).toEqual(['cafe', 'au', 'lait', '2026']);
    expect(searchTerms('rain  RAIN rain.')).toEqual(['rain']);
  });

  it('end at the letters that SQLite’s tokenizer takes for separators', () => {
    // New Tai Lue vowel signs and Vedic signs: letters to JavaScript's Unicode, not to unicode61's.
    for (const letter of ['\u19B0', '\u19C0', '\u19C8', '\u19C9', '\u1CF2', '\u1CF3']) {
      expect(searchWords(`a${letter}b`), letter).toEqual(['a', 'b']);
    }
    // Their neighbours in the same blocks are letters to both, and stay inside the word.
    expect(searchWords('a\u19C1b')).toEqual(['a\u19C1b']);
    expect(searchWords('a\u1CF5b')).toEqual(['a\u1CF5b']);
  });

  it('highlights what it matches, word for word', () => {
    const text = 'x\u19B0yz and more';
    const terms = searchTerms('yz');
    expect(matchesSearch(text, terms)).toBe(true);
    expect(splitByMatches(text, terms)).toEqual([
      { text: 'x\u19B0', isMatch: false },
      { text: 'yz', isMatch: true },
      { text: ' and more', isMatch: false },
    ]);
    // Every marked part is one whole word of the rule.
    for (const part of splitByMatches('Café\u19B0noir, cafés', searchTerms('caf'))) {
      if (part.isMatch) expect(searchWords(part.text)).toHaveLength(1);
    }
  });
});
