/** What `npm run bench` loads: viewers, authors and threads picked from the data set. */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { signAccessToken } from '../../server/credentials/access-token';
import type { DataSet } from './bench-data-sets';
import { JWT_SECRET, log, VIEWERS } from './bench-settings';
import { RARE_WORDS } from './data-set';
import type { Target } from './measure-load';

/** Tags of the data set (data-set-habits.ts): the most used, and two of the middle. */
const TAGS = ['garden', 'family', 'niños_2024', '日本'];

/** Note searches of common words (see mySearch below). */
const COMMON_QUERIES = ['coffee', 'quiet garden', 'remem', 'morning walk'];

export interface Workload {
  feed: Target[];
  feedCompressed: Target[];
  feedHubs: Target[];
  feedFew: Target[];
  public: Target[];
  my: Target[];
  mySearch: Target[];
  mySearchRare: Target[];
  byAuthor: Target[];
  comments: Target[];
  search: Target[];
  publicTagged: Target[];
  feedTagged: Target[];
  myTagged: Target[];
}

/** Queries over the loaded data set, the same on both databases. */
interface Picker {
  viewers(): Promise<number[]>;
  hubs(): Promise<number[]>;
  popularAuthors(): Promise<number[]>;
  threads(): Promise<number[]>;
  usernames(): Promise<string[]>;
}

function sqlitePicker(file: string): Picker {
  const all = <T>(q: string, ...params: unknown[]) => {
    const db = new SQLite(file, { readonly: true });
    try {
      return db.prepare(q).all(...params) as T[];
    } finally {
      db.close();
    }
  };
  return pickerFrom(async (q, params) => all(q, ...params));
}

function postgresPicker(url: string): Picker {
  return pickerFrom(async (q, params) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // ? placeholders → $n
      let n = 0;
      const text = q.replace(/\?/g, () => `$${++n}`);
      return (await client.query(text, params)).rows;
    } finally {
      await client.end();
    }
  });
}

function pickerFrom(
  query: (q: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
): Picker {
  const ids = async (q: string, ...params: unknown[]) =>
    (await query(q, params)).map((r) => Number(r['id']));
  return {
    // Typical users: accepted relations at most the 90th percentile (the generator's median is
    // about 20, p90 about 33, p99 about 90, the biggest hub thousands), evenly spread over ids.
    viewers: async () => {
      const rows = await query(
        `select id, count(*) as n from (
           select initiator_id as id from user_relations where is_accepted = 1 and is_deleted = 0
           union all
           select receiver_id as id from user_relations where is_accepted = 1 and is_deleted = 0
         ) as ends group by id order by id`,
        [],
      );
      const counts = rows.map((r) => Number(r['n'])).sort((x, y) => x - y);
      const p90 = counts[Math.floor(counts.length * 0.9)] ?? 0;
      const active = new Set(
        (await query('select id from users where is_active = 1', [])).map((r) => Number(r['id'])),
      );
      const typical = rows
        .filter((r) => Number(r['n']) <= p90 && active.has(Number(r['id'])))
        .map((r) => Number(r['id']));
      const step = Math.max(1, Math.floor(typical.length / VIEWERS));
      log(
        `  relations per user: median ${counts[Math.floor(counts.length / 2)]}, p90 ${p90}, ` +
          `max ${counts[counts.length - 1]}; typical viewers have at most ${p90}`,
      );
      return typical.filter((_, i) => i % step === 0).slice(0, VIEWERS);
    },
    // The 20 users with the most accepted relations: the feed's worst case.
    hubs: () =>
      ids(
        `select id from (
           select initiator_id as id from user_relations where is_accepted = 1 and is_deleted = 0
           union all
           select receiver_id as id from user_relations where is_accepted = 1 and is_deleted = 0
         ) as ends where id in (select id from users where is_active = 1)
         group by id order by count(*) desc, id limit 20`,
      ),
    popularAuthors: () =>
      ids(
        `select author_id as id from ruminations where id % 50 = 0
         group by author_id order by count(*) desc, author_id limit ?`,
        VIEWERS,
      ),
    // Names spread over the users, for people search.
    usernames: async () => {
      const names = (
        await query('select username from users where is_active = 1 order by id', [])
      ).map((r) => String(r['username']));
      const step = Math.max(1, Math.floor(names.length / VIEWERS));
      return names.filter((_, i) => i % step === 0).slice(0, VIEWERS);
    },
    // Public, published ruminations with the biggest threads: the heaviest comment pages.
    threads: () =>
      ids(
        `select c.rumination_id as id from comments c
         join ruminations r on r.id = c.rumination_id
         where r.is_published = 1 and r.audience_mask = 0
         group by c.rumination_id order by count(*) desc, c.rumination_id limit ?`,
        VIEWERS,
      ),
  };
}

/** The picker of a data set on either database. */
export function pickerFor(set: DataSet): Picker {
  return set.databaseUrl
    ? postgresPicker(set.databaseUrl)
    : sqlitePicker(path.join(set.dataDir, 'ruminations.sqlite'));
}

export async function workloadFor(picker: Picker): Promise<Workload & { viewerCount: number }> {
  const viewers = await picker.viewers();
  const tokensOf = (userIds: number[]) =>
    Promise.all(
      userIds.map((userId) =>
        signAccessToken(new TextEncoder().encode(JWT_SECRET), { userId, tokenVersion: 0 }),
      ),
    );
  const tokens = await tokensOf(viewers);
  const hubTokens = await tokensOf(await picker.hubs());
  const authors = await picker.popularAuthors();
  const threads = await picker.threads();
  const names = await picker.usernames();
  const token = (i: number) => tokens[i % tokens.length]!;
  // What people type: a whole name (user04217), three digits of one (421: about one name in a
  // hundred holds them), or its last four (4217).
  const searchTerm = (name: string, i: number) =>
    i % 3 === 0 ? name : i % 3 === 1 ? name.slice(-4, -1) : name.slice(-4);
  return {
    viewerCount: viewers.length,
    feed: tokens.map((t) => ({ path: '/api/ruminations/feed', token: t })),
    // The same requests as a browser sends them (Chromium's Accept-Encoding): answers in brotli.
    feedCompressed: tokens.map((t) => ({
      path: '/api/ruminations/feed',
      token: t,
      acceptEncoding: 'gzip, deflate, br, zstd',
    })),
    feedHubs: hubTokens.map((t) => ({ path: '/api/ruminations/feed', token: t })),
    feedFew: tokens
      .slice(0, hubTokens.length)
      .map((t) => ({ path: '/api/ruminations/feed', token: t })),
    public: [{ path: '/api/ruminations/public' }],
    my: tokens.map((t) => ({ path: '/api/ruminations/my', token: t })),
    // Note search: a common word alone, two common words, the start of a common word.
    mySearch: tokens.map((t, i) => ({
      path: `/api/ruminations/my?q=${encodeURIComponent(COMMON_QUERIES[i % COMMON_QUERIES.length]!)}`,
      token: t,
    })),
    // A rare word (in about one note in a hundred), alone, by its start, and with a common one.
    mySearchRare: tokens.map((t, i) => {
      const rare = RARE_WORDS[i % RARE_WORDS.length]!;
      const q = i % 3 === 0 ? rare : i % 3 === 1 ? rare.slice(0, 4) : `${rare} quiet`;
      return { path: `/api/ruminations/my?q=${encodeURIComponent(q)}`, token: t };
    }),
    byAuthor: authors.map((a, i) => ({
      path: `/api/ruminations/public?UserId=${a}`,
      token: token(i),
    })),
    comments: threads.map((r, i) => ({ path: `/api/comments/rumination/${r}`, token: token(i) })),
    search: names.map((name, i) => ({
      path: `/api/users/search?q=${encodeURIComponent(searchTerm(name, i))}`,
      token: token(i),
    })),
    // Tag filters (issue 41): ?tag= on the three lists, of common and less common tags.
    publicTagged: TAGS.map((tag) => ({
      path: `/api/ruminations/public?tag=${encodeURIComponent(tag)}`,
    })),
    feedTagged: tokens.map((t, i) => ({
      path: `/api/ruminations/feed?tag=${encodeURIComponent(TAGS[i % TAGS.length]!)}`,
      token: t,
    })),
    myTagged: tokens.map((t, i) => ({
      path: `/api/ruminations/my?tag=${encodeURIComponent(TAGS[i % TAGS.length]!)}`,
      token: t,
    })),
  };
}
