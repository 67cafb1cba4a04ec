import SQLite from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms, searchWords } from '../../src/domain/note-search';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import { authorSearchText, authorTsquery } from '../../server/db/search-tokens';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from './support/test-database';

/**
 * Note search splits words one way (src/domain/note-search.ts), and the databases must not split
 * them again. Every code point of every category goes through the rule and then through:
 * - SQLite's FTS5 tokenizer, as migration 0009 configured it: each word of the rule must be exactly
 *   one token (else a query of it is a phrase, which the index refuses with a 500, and a note's
 *   pieces enter the index without their author);
 * - PostgreSQL's tsquery input, as listOwnMatching casts the terms: each term one lexeme, as is;
 *   and its index (migration 0009's generated column), which must take every character.
 */

const AUTHOR = 7;

/** `a?b` for every assigned code point: the character between two letters. */
function everyCharacter(): { code: number; text: string }[] {
  const texts: { code: number; text: string }[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const ch = String.fromCodePoint(code);
    if (/\p{Cn}/u.test(ch)) continue;
    texts.push({ code, text: `a${ch}b` });
  }
  return texts;
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * FTS5 folds case fully where JavaScript's toLowerCase keeps a letter apart (final sigma, long s,
 * micro sign, Greek symbol forms): one letter for another, so a word stays one token of the same
 * length. The rule keeps them apart as PostgreSQL's lower() does.
 */
const FTS5_FOLDS: Record<string, string> = {
  µ: 'μ',
  ſ: 's',
  ς: 'σ',
  ϐ: 'β',
  ϑ: 'θ',
  ϕ: 'φ',
  ϖ: 'π',
  ϰ: 'κ',
  ϱ: 'ρ',
  ϵ: 'ε',
};
const fts5Folded = (word: string) => [...word].map((ch) => FTS5_FOLDS[ch] ?? ch).join('');

let texts: { code: number; text: string }[];
beforeAll(() => {
  texts = everyCharacter();
});

describe('the words of note search, through SQLite FTS5', () => {
  let probe: SQLite.Database;
  afterAll(() => probe.close());

  it('are one token each, for every code point', async () => {
    // The tokenizer exactly as the migrations create the index.
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
      where name = 'ruminations_search'`.execute(db);
    await db.destroy();
    const tokenize = /tokenize\s*=\s*'[^']*'/.exec(rows[0]!.sql)?.[0];
    expect(tokenize).toBe("tokenize='unicode61 remove_diacritics 2'");

    // A sibling with positions, so that fts5vocab lists each row's tokens in order.
    probe = new SQLite(':memory:');
    probe.exec(`create virtual table probe using fts5(words, ${tokenize})`);
    probe.exec(`create virtual table probe_tokens using fts5vocab(probe, 'instance')`);
    const insert = probe.prepare('insert into probe(rowid, words) values (?, ?)');
    probe.transaction(() => {
      for (const { code, text } of texts) insert.run(code, authorSearchText(AUTHOR, text));
    })();
    const tokens = new Map<number, string[]>();
    for (const row of probe
      .prepare('select doc, term from probe_tokens order by doc, "offset"')
      .all() as { doc: number; term: string }[]) {
      const list = tokens.get(row.doc) ?? [];
      list.push(row.term);
      tokens.set(row.doc, list);
    }

    const wrong: string[] = [];
    for (const { code, text } of texts) {
      const want = [...new Set(searchWords(text))].map((w) => fts5Folded(`u${AUTHOR}x${w}`));
      const got = tokens.get(code) ?? [];
      if (got.join(' ') !== want.join(' ')) wrong.push(`${hex(code)}: [${want}] -> [${got}]`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe.runIf(testPostgresUrl() !== undefined)(
  'the words of note search, through PostgreSQL',
  () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase();
    });
    afterAll(() => t.destroy());

    /** Runs `query` over the values in batches (one array parameter each); returns every row. */
    async function overAll<R>(values: string[], query: (batch: string[]) => RawBuilder<R>) {
      const rows: R[] = [];
      for (let i = 0; i < values.length; i += 20_000) {
        rows.push(...(await query(values.slice(i, i + 20_000)).execute(t.db)).rows);
      }
      return rows;
    }

    it('reach the query as they are, one lexeme each, for every code point', async () => {
      const terms = [...new Set(texts.flatMap(({ text }) => searchTerms(text)))];
      const queries = terms.map((term) => authorTsquery(AUTHOR, [term]));
      const rows = await overAll(
        queries,
        (batch) => sql<{ q: string; read: string }>`select q, cast(q as tsquery)::text as read
        from unnest(cast(${batch} as text[])) as q`,
      );
      expect(rows).toHaveLength(queries.length);
      expect(rows.filter((row) => row.read !== row.q)).toEqual([]);
    }, 60_000);

    it('index every storable character without failing', async () => {
      // NUL is no text to PostgreSQL, and the contract refuses it in a note anyway.
      const storable = texts.filter(({ code }) => code !== 0).map(({ text }) => text);
      const rows = await overAll(
        storable,
        (batch) => sql<{ n: number }>`select count(ruminations_search_vector(${AUTHOR}, c)) as n
        from unnest(cast(${batch} as text[])) as c`,
      );
      expect(rows.reduce((sum, row) => sum + Number(row.n), 0)).toBe(storable.length);
    }, 60_000);
  },
);
