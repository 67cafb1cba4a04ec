import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The counters behind every rate limit: a count per key in a fixed window that opens with the
 * key's first hit and closes `windowMs` later. On SQLite (one instance) they live in memory; on
 * PostgreSQL in the unlogged table rate_counters (migration 0008), so that several instances on
 * one database share them and N instances allow exactly what one allows (api-contract.md
 * "Accounts"). An unlogged table is not written to the WAL: counters are worth nothing after a
 * crash, and writing them costs little.
 */

export interface CounterState {
  count: number;
  /** Until the window closes (0 when no window is open). */
  resetInMs: number;
}

export interface RateCounters {
  /** Adds one to the key's count in its open window, or opens a window with 1. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The keys' counts without adding (count 0 where no window is open). */
  read(keys: readonly string[]): Promise<Map<string, CounterState>>;
  /** Forgets the keys, and every key that starts with one of the prefixes. */
  clear(keys: readonly string[], prefixes?: readonly string[]): Promise<void>;
}

const CLOSED: CounterState = { count: 0, resetInMs: 0 };

export class MemoryRateCounters implements RateCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private hitsSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.now();
    this.sweepNowAndThen(now);
    const open = this.windows.get(key);
    const window =
      open && open.resetAt > now
        ? { count: open.count + 1, resetAt: open.resetAt }
        : { count: 1, resetAt: now + windowMs };
    this.windows.set(key, window);
    return Promise.resolve({ count: window.count, resetInMs: window.resetAt - now });
  }

  read(keys: readonly string[]): Promise<Map<string, CounterState>> {
    const now = this.now();
    const states = new Map<string, CounterState>();
    for (const key of keys) {
      const open = this.windows.get(key);
      states.set(
        key,
        open && open.resetAt > now ? { count: open.count, resetInMs: open.resetAt - now } : CLOSED,
      );
    }
    return Promise.resolve(states);
  }

  clear(keys: readonly string[], prefixes: readonly string[] = []): Promise<void> {
    for (const key of keys) this.windows.delete(key);
    if (prefixes.length > 0) {
      for (const key of this.windows.keys()) {
        if (prefixes.some((prefix) => key.startsWith(prefix))) this.windows.delete(key);
      }
    }
    return Promise.resolve();
  }

  /** Closed windows are dropped every thousand hits, so memory follows the active keys. */
  private sweepNowAndThen(now: number): void {
    if (++this.hitsSinceSweep < 1000) return;
    this.hitsSinceSweep = 0;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** `like` pattern of a prefix: its own % and _ taken literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class PostgresRateCounters implements RateCounters {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.now();
    // One atomic statement: concurrent hits from any instance each count once.
    const result = await sql<{ count: number; reset_at: string }>`
      insert into rate_counters as c (key, count, reset_at) values (${key}, 1, ${now + windowMs})
      on conflict (key) do update set
        count = case when c.reset_at <= ${now} then 1 else c.count + 1 end,
        reset_at = case when c.reset_at <= ${now} then ${now + windowMs} else c.reset_at end
      returning count, reset_at`.execute(this.db);
    const row = result.rows[0];
    if (++this.hitsSinceSweep >= 1000) {
      this.hitsSinceSweep = 0;
      await sql`delete from rate_counters where reset_at <= ${now}`.execute(this.db);
    }
    // bigint comes back as a string.
    return row ? { count: row.count, resetInMs: Number(row.reset_at) - now } : CLOSED;
  }

  async read(keys: readonly string[]): Promise<Map<string, CounterState>> {
    const now = this.now();
    const states = new Map<string, CounterState>(keys.map((key) => [key, CLOSED]));
    if (keys.length === 0) return states;
    const result = await sql<{ key: string; count: number; reset_at: string }>`
      select key, count, reset_at from rate_counters
      where key in (${sql.join(keys)}) and reset_at > ${now}`.execute(this.db);
    for (const row of result.rows) {
      states.set(row.key, { count: row.count, resetInMs: Number(row.reset_at) - now });
    }
    return states;
  }

  async clear(keys: readonly string[], prefixes: readonly string[] = []): Promise<void> {
    const conditions = [
      ...(keys.length > 0 ? [sql`key in (${sql.join(keys)})`] : []),
      ...prefixes.map((prefix) => sql`key like ${likePrefix(prefix)}`),
    ];
    if (conditions.length === 0) return;
    await sql`delete from rate_counters where ${sql.join(conditions, sql` or `)}`.execute(this.db);
  }
}

/** Memory for SQLite (one instance by design), the shared table for PostgreSQL. */
export function createRateCounters(db: Kysely<Database>): RateCounters {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? new MemoryRateCounters()
    : new PostgresRateCounters(db);
}
