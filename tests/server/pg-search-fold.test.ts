import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { accentFolding } from '../../server/db/migrations/0009-rumination-search';
import { setUpTestApp } from './support/test-app';
import { testPostgresUrl } from './support/test-database';

/**
 * Migration 0028 made PostgreSQL's ruminations_search_fold linear in a note's length. Its stored
 * search vectors stay valid only if it folds every text exactly as 0009's translate() did: this
 * compares the two over every character up to Latin Extended-B, alone and among others, and over
 * notes in several scripts.
 */

const t = setUpTestApp();

/** 0009's fold: one translate() over the accented letters and the punctuation. */
function firstFold(text: string) {
  const { from, to } = accentFolding();
  return sql<string>`translate(lower(${text}), ${from}, ${to})`;
}

const SINGLE_CHARACTERS = Array.from({ length: 0x250 - 0x20 }, (_, i) =>
  String.fromCharCode(0x20 + i),
);

const NOTES = [
  'A plain note, with punctuation: (a) [b] {c} <d> "e" \'f\' g-h_i~j|k\\l/m=n+o*p&q^r%s#t@u!v?w;x.',
  'Él dijo: «¡Hola, señor Ibáñez!» y María respondió… ÀÉÎÕÜ Ærø Œuvre ĳ ŉ ſ',
  'أميرة حسن كتبت: مرحبا، كيف حالك؟ (٣ أيام)',
  'Ελληνικά, русский, 日本語、中文。 emoji 😀🎉 and tabs\tand\nnew lines',
  'ASCII only but long. '.repeat(100),
  `${'ÀÉÎ'.repeat(200)}${'.,;:'.repeat(100)}`,
  'İstanbul ıI Ǆ ǅ ǆ Ǳ ǲ ǳ',
  '$dollars$ stay and `backticks` go',
];

describe.skipIf(testPostgresUrl() === undefined)('the search fold on PostgreSQL', () => {
  it('folds every text as migration 0009 did', async () => {
    const texts = [...SINGLE_CHARACTERS, SINGLE_CHARACTERS.join(''), ...NOTES];
    const differing: { text: string; now: string; before: string }[] = [];
    for (const text of texts) {
      const { rows } = await sql<{ now: string; before: string }>`
        select ruminations_search_fold(${text}) as now, ${firstFold(text)} as before`.execute(t.db);
      const [{ now, before }] = rows as [{ now: string; before: string }];
      if (now !== before) differing.push({ text, now, before });
    }
    expect(differing).toEqual([]);
  });
});
