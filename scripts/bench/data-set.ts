/**
 * The benchmark's data set, generated deterministically (seeded PRNG) so that SQLite and PostgreSQL
 * get the very same rows and two runs are comparable. Rows are produced in batches and written with
 * direct SQL in transactions (not through the API: a million ruminations through HTTP would take
 * longer than the benchmark).
 *
 * Shape, chosen to look like a small social journal rather than uniform noise:
 * - users: a few are not activated; every active one accepted the terms.
 * - relations: every type and state (pending, accepted, rejected, deleted); one end of each relation is
 *   drawn with a skew, so some people have hundreds of relations and most a few dozen.
 * - ruminations: authors drawn with a skew; 85 % published; half public, the rest for one or a few
 *   relation types; content from 40 to 1,200 characters.
 * - comments: about one rumination in twenty has a thread (top-level comments and replies).
 */

export interface DataSetSize {
  users: number;
  ruminations: number;
  relations: number;
  /** Share of ruminations that get a comment thread. */
  threadShare: number;
}

export function sizeFor(scale: number, ruminations?: number): DataSetSize {
  return {
    users: Math.max(200, Math.round(10_000 * scale)),
    ruminations: ruminations ?? Math.max(1_000, Math.round(1_000_000 * scale)),
    relations: Math.max(2_000, Math.round(200_000 * scale)),
    threadShare: 0.05,
  };
}

/** mulberry32: small, fast, good enough for test data, and reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a of and to in is it that was for on with as at by this be from had not but what all were ' +
  'when we there can an your which their said if do will each about how up out them then she many ' +
  'some so these would other into has more her two like him see time could no make than first been ' +
  'its who now people my made over did down only way find use may water long little very after words ' +
  'called just where most know morning coffee walk thought remember quiet rain garden letter mother ' +
  'father friend tomorrow yesterday wonder small light window evening afraid hope maybe still'
).split(' ');

/**
 * Words that are rare in the data set (each in about one note in a hundred), so that note search
 * is measured for a rare word as well as for the common ones above.
 */
export const RARE_WORDS = (
  'lighthouse saffron glacier violin orchard compass lantern meadow harbour juniper ' +
  'quilt thistle marble falcon cinnamon tundra velvet walnut ember pebble'
).split(' ');
const RARE_SHARE = 0.002;

/**
 * Bumped whenever what the generator makes changes (a saved data set of another version is
 * generated again). 2: rare words. 3: display names. 4: tags, mentions and reactions
 * (data-set-habits.ts). 5: the feeds written ahead (feed_entries, filled by load-data.ts).
 */
export const DATA_SET_VERSION = 5;

function text(rand: () => number, minChars: number, maxChars: number): string {
  const target = minChars + Math.floor(rand() * rand() * (maxChars - minChars));
  let s = '';
  while (s.length < target) {
    const pool = rand() < RARE_SHARE ? RARE_WORDS : WORDS;
    const w = pool[Math.floor(rand() * pool.length)] ?? 'word';
    s += s.length === 0 ? w[0]!.toUpperCase() + w.slice(1) : rand() < 0.08 ? `. ${w}` : ` ${w}`;
  }
  return `${s}.`;
}

/** 1 … n with a skew towards small numbers (popular users have small ids). */
function skewed(rand: () => number, n: number, power: number): number {
  return 1 + Math.min(n - 1, Math.floor(n * Math.pow(rand(), power)));
}

const START = Date.parse('2024-01-01T00:00:00Z');
const SPAN_MS = 2 * 365 * 24 * 3600 * 1000;

function tms(i: number, n: number): string {
  return new Date(START + Math.floor((SPAN_MS * i) / Math.max(1, n))).toISOString();
}

export interface UserRow {
  id: number;
  username: string;
  username_lower: string;
  /** Not the username, so that people search has two names to look through (migration 0016). */
  display_name: string;
  /** What `foldForSearch` makes of it: the name is ASCII, so lower case. */
  display_name_fold: string;
  email: string;
  email_lower: string;
  password_hash: string;
  is_active: number;
  token_version: number;
  create_tms: string;
}

export interface RelationRow {
  id: number;
  type: number;
  initiator_id: number;
  receiver_id: number;
  is_accepted: number;
  is_rejected: number;
  is_deleted: number;
  create_tms: string;
  update_tms: string;
}

export interface RuminationRow {
  id: number;
  author_id: number;
  content: string;
  is_published: number;
  audience_mask: number;
  create_tms: string;
  update_tms: string;
}

export interface CommentRow {
  id: number;
  rumination_id: number;
  parent_comment_id: number | null;
  author_id: number;
  content: string;
  is_deleted: number;
  create_tms: string;
  update_tms: string;
}

export function* users(size: DataSetSize, passwordHash: string): Generator<UserRow> {
  const rand = prng(1);
  for (let id = 1; id <= size.users; id++) {
    const username = `user${String(id).padStart(5, '0')}`;
    yield {
      id,
      username,
      username_lower: username,
      display_name: `Person ${String(id).padStart(5, '0')}`,
      display_name_fold: `person ${String(id).padStart(5, '0')}`,
      email: `${username}@example.test`,
      email_lower: `${username}@example.test`,
      password_hash: passwordHash,
      is_active: rand() < 0.98 || id <= 1000 ? 1 : 0,
      token_version: 0,
      create_tms: tms(id, size.users * 10),
    };
  }
}

// Acquaintance and Friend are common, Therapist rare.
const TYPE_WEIGHTS = [0.3, 0.15, 0.3, 0.1, 0.1, 0.05];

function relationType(rand: () => number): number {
  let u = rand();
  for (let t = 0; t < TYPE_WEIGHTS.length; t++) {
    u -= TYPE_WEIGHTS[t]!;
    if (u < 0) return t;
  }
  return 0;
}

export function* relations(size: DataSetSize): Generator<RelationRow> {
  const rand = prng(2);
  // The active relation rules (one pending or accepted, not deleted relation per pair and type)
  // are kept: duplicates are skipped.
  const seen = new Set<string>();
  let id = 0;
  while (id < size.relations) {
    const a = 1 + Math.floor(rand() * size.users);
    const b = skewed(rand, size.users, 2.5);
    if (a === b) continue;
    const type = relationType(rand);
    const key = a < b ? `${a}:${b}:${type}` : `${b}:${a}:${type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [initiator, receiver] = rand() < 0.5 ? [a, b] : [b, a];
    const state = rand();
    // 60 % accepted, 15 % pending, 10 % rejected, 10 % accepted then deleted, 5 % cancelled.
    const accepted = state < 0.6 || (state >= 0.85 && state < 0.95) ? 1 : 0;
    const rejected = state >= 0.75 && state < 0.85 ? 1 : 0;
    const deleted = state >= 0.85 ? 1 : 0;
    id++;
    const created = tms(id, size.relations);
    yield {
      id,
      type,
      initiator_id: initiator,
      receiver_id: receiver,
      is_accepted: accepted,
      is_rejected: rejected,
      is_deleted: deleted,
      create_tms: created,
      update_tms: created,
    };
  }
}

function audienceMask(rand: () => number): number {
  const u = rand();
  if (u < 0.5) return 0;
  if (u < 0.85) return 1 << relationType(rand);
  let mask = 0;
  const n = 2 + Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) mask |= 1 << relationType(rand);
  return mask;
}

export function* ruminations(size: DataSetSize): Generator<RuminationRow> {
  const rand = prng(3);
  for (let id = 1; id <= size.ruminations; id++) {
    const created = tms(id, size.ruminations);
    yield {
      id,
      author_id: skewed(rand, size.users, 1.6),
      content: text(rand, 40, 1200),
      is_published: rand() < 0.85 ? 1 : 0,
      audience_mask: audienceMask(rand),
      create_tms: created,
      update_tms: created,
    };
  }
}

/**
 * Threads on about `threadShare` of the ruminations: 1 to 8 top-level comments, each with up to 2
 * replies, some deleted. Which ruminations get a thread is decided by a PRNG of the rumination id, so
 * the benchmark can find them again.
 */
export function hasThread(ruminationId: number, size: DataSetSize): boolean {
  return prng(ruminationId * 7919)() < size.threadShare;
}

export function* comments(size: DataSetSize): Generator<CommentRow> {
  const rand = prng(4);
  let id = 0;
  for (let r = 1; r <= size.ruminations; r++) {
    if (!hasThread(r, size)) continue;
    const created = tms(r, size.ruminations);
    const top = 1 + Math.floor(rand() * 8);
    for (let i = 0; i < top; i++) {
      const parentId = ++id;
      const deleted = rand() < 0.05 ? 1 : 0;
      yield {
        id: parentId,
        rumination_id: r,
        parent_comment_id: null,
        author_id: 1 + Math.floor(rand() * size.users),
        content: deleted ? '' : text(rand, 10, 400),
        is_deleted: deleted,
        create_tms: created,
        update_tms: created,
      };
      const replies = Math.floor(rand() * 3);
      for (let j = 0; j < replies; j++) {
        yield {
          id: ++id,
          rumination_id: r,
          parent_comment_id: parentId,
          author_id: 1 + Math.floor(rand() * size.users),
          content: text(rand, 10, 300),
          is_deleted: 0,
          create_tms: created,
          update_tms: created,
        };
      }
    }
  }
}

/** Batches of `n` items of a generator. */
export function* batches<T>(items: Iterable<T>, n: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length >= n) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
