import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchesSearch, searchTerms } from '../../src/domain/note-search';
import { setUpTestApp } from './support/test-app';
import { testPostgresUrl } from './support/test-database';
import { call, idsOf, person, writeRumination, type Person } from './ruminations-support';

/**
 * GET /api/ruminations/my?q= over every kind of character (contract "My writing": any q of 1 to
 * 200 characters answers 200, the words split the same way for the query as for the index). The
 * mock's rule (src/domain/note-search.ts matchesSearch) is the oracle: SQLite, whose index holds the
 * rule's words, finds exactly what it finds. PostgreSQL's index splits notes by its own parser (the
 * C library's idea of a letter, which for rare characters is not JavaScript's), so there it is
 * asked less: never a failure, and a query's words reach it as the rule split them, so a query that
 * finds nothing by the rule finds nothing (a word the parser cut used to find every note).
 */

const t = setUpTestApp();
let me: Person;
const onPostgres = testPostgresUrl() !== undefined;

/** The Unicode general categories, as JavaScript's regular expressions know them. */
const CATEGORIES = [
  ...['Lu', 'Ll', 'Lt', 'Lm', 'Lo', 'Mn', 'Mc', 'Me', 'Nd', 'Nl', 'No'],
  ...['Pc', 'Pd', 'Ps', 'Pe', 'Pi', 'Pf', 'Po', 'Sm', 'Sc', 'Sk', 'So'],
  ...['Zs', 'Zl', 'Zp', 'Cc', 'Cf', 'Co'],
];
/** Characters where JavaScript, SQLite's unicode61 or PostgreSQL's parser have told words apart differently. */
const KNOWN = [
  ...'\u19B0\u19B5\u19C0\u19C8\u19C9\u1CF2\u1CF3',
  ...'²³¹¼\u09F4\u0B72',
  ...'µſςϐϑϕϖϰϱϵẛ',
  ...'\u0345\u093E\u0301\uE000\u{F0000}\u{10D40}\u{10D50}\u{16FF4}',
];
const PER_CATEGORY = 12;

/** Some characters of each category, spread over its range, and the known troublemakers. */
function sampleCharacters(): string[] {
  const byCategory = new Map<string, string[]>(CATEGORIES.map((c) => [c, []]));
  const tests = CATEGORIES.map((c) => [c, new RegExp(`^\\p{${c}}$`, 'u')] as const);
  for (let code = 1; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const ch = String.fromCodePoint(code);
    const found = tests.find(([, test]) => test.test(ch));
    if (found) byCategory.get(found[0])!.push(ch);
  }
  const picked = new Set(KNOWN);
  for (const all of byCategory.values()) {
    const step = Math.max(1, Math.floor(all.length / PER_CATEGORY));
    for (let i = 0; i < all.length; i += step) picked.add(all[i]!);
  }
  return [...picked];
}

const notes: { id: number; content: string }[] = [];
let characters: string[] = [];

beforeAll(async () => {
  me = await person(t);
  characters = sampleCharacters();
  // Each note holds some of the characters between two letters: `x?y`.
  for (let i = 0; i < characters.length; i += 60) {
    const content = characters
      .slice(i, i + 60)
      .map((ch) => `x${ch}y`)
      .join(' ');
    notes.push({ id: (await writeRumination(t, me, { content })).id, content });
  }
  // Another person's note holds them all: never found.
  await writeRumination(t, await person(t), {
    content: notes
      .map((n) => n.content)
      .join(' ')
      .slice(0, 5000),
  });
});

async function search(q: string, as: Person = me) {
  const res = await call(t, 'GET', `/api/ruminations/my?q=${encodeURIComponent(q)}`, { as });
  return { status: res.statusCode, ids: res.statusCode === 200 ? idsOf(res) : [] };
}

const expected = (q: string) =>
  notes
    .filter((n) => matchesSearch(n.content, searchTerms(q)))
    .map((n) => n.id)
    .sort((a, b) => b - a);

describe('search over every kind of character', () => {
  it('answers a word holding a letter the tokenizers split differently (was 500 on SQLite)', async () => {
    for (const q of ['a\u19B0b', 'x\u1CF2y', '\u19B0', 'x\u19C9']) {
      expect((await search(q)).status, q).toBe(200);
    }
  });

  it('finds by the shared rule, whatever the characters', async () => {
    const wrong: string[] = [];
    for (const ch of characters) {
      for (const q of [`x${ch}y`, `x${ch}`, ch]) {
        const { status, ids } = await search(q);
        const want = expected(q);
        const ok =
          status === 200 &&
          (onPostgres ? want.length > 0 || ids.length === 0 : ids.join() === want.join());
        if (!ok) {
          const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
          wrong.push(`U+${code} in ${JSON.stringify(q)}: ${status} [${ids}] for [${want}]`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('indexes no word of a note without its author (SQLite)', async () => {
    if (onPostgres) return;
    await sql`create virtual table temp.search_terms using fts5vocab(main, ruminations_search, row)`.execute(
      t.db,
    );
    const { rows } = await sql<{ term: string }>`select term from temp.search_terms`.execute(t.db);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => !/^u\d+x/.test(r.term))).toEqual([]);
  });
});
