import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/api/notification-schemas';
import { setUpTestApp, testConfig } from './support/test-app';
import { person, requestRelation, type Person } from './ruminations-support';
import { SseReader } from './support/sse-reader';

/**
 * GET /api/notifications/stream (api-contract.md "Notifications"): "A user holds at most 5
 * streams: a sixth ends the oldest, after an `event: replaced` (no data)", and "the cost of sending
 * one notification does not grow with the number of notifications already sent or unread",
 * measured as the queries the app's database runs to deliver one notification (behaviour, not
 * timing). On SQLite, and on PostgreSQL under with-test-postgres.sh; the cap across two instances
 * is in pg-notification-stream.test.ts.
 */

/** Counts every query the app's own database handle runs. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.count += 1;
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs) {
    return Promise.resolve(args.result);
  }
}

const queries = new QueryCounter();
// Token checks, heartbeats and the push sender's look for due messages far apart: only what news
// causes runs during a test.
const t = setUpTestApp({
  config: {
    notificationStream: { heartbeatMs: 60_000, authCheckMs: 60_000 },
    push: { ...testConfig('').push, pollMs: 60_000 },
  },
  dbPlugins: [queries],
});
let base: string;
const open: AbortController[] = [];

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});

/** A stream of `as`, once it has its first `unread` (it is then recorded and listening). */
async function connect(as: Person): Promise<SseReader> {
  const controller = new AbortController();
  open.push(controller);
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${as.token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const sse = new SseReader(res);
  await sse.nth('unread', 1, 2000);
  return sse;
}

async function streams(as: Person, count: number): Promise<SseReader[]> {
  const opened: SseReader[] = [];
  // One after the other: which one is the oldest is then certain.
  for (let i = 0; i < count; i++) opened.push(await connect(as));
  return opened;
}

/**
 * The queries the app runs from one relation request to `to` (through the API: its write and the
 * notification it announces) until every stream of `to` has that notification and the count after
 * it. The request's own queries are the same each time; what the streams run is what may differ.
 */
async function queriesToDeliver(to: Person, held: SseReader[]): Promise<number> {
  const from = await person(t);
  const before = held.map((sse) => sse.named('notification').length);
  queries.count = 0;
  await requestRelation(t, from, to, 2);
  for (const [i, sse] of held.entries()) {
    await sse.until(
      () => sse.named('notification').length > before[i]! && sse.events.at(-1)?.event === 'unread',
      2000,
      'the notification and the count after it',
    );
  }
  // Anything still running for it would run now.
  await new Promise((r) => setTimeout(r, 100));
  return queries.count;
}

describe('at most 5 streams per user', () => {
  it('ends the oldest with `event: replaced` when a sixth opens; the five others keep receiving', async () => {
    const bob = await person(t);
    const alice = await person(t);
    const [oldest, ...kept] = await streams(bob, 5);
    const sixth = await connect(bob);
    await oldest!.end(2000);
    expect(oldest!.events.map((e) => e.event)).toEqual(['unread', 'replaced']);
    expect(oldest!.events.at(-1)).toEqual({ event: 'replaced', data: '', id: undefined });

    const five = [...kept, sixth];
    await requestRelation(t, alice, bob, 2);
    for (const sse of five) {
      const event = await sse.nth('notification', 1, 2000);
      expect((JSON.parse(event.data) as Notification).actor.id).toBe(alice.id);
      await sse.nth('unread', 2, 2000);
      expect(sse.ended).toBe(false);
    }
    expect(oldest!.named('notification')).toEqual([]);
  });

  it("ends the two oldest when seven are opened, and none of another person's", async () => {
    const bob = await person(t);
    const carol = await person(t);
    const carols = await streams(carol, 3);
    const held = await streams(bob, 7);
    await held[0]!.end(2000);
    await held[1]!.end(2000);
    await new Promise((r) => setTimeout(r, 200));
    expect(held.map((sse) => sse.ended)).toEqual([true, true, false, false, false, false, false]);
    expect(carols.map((sse) => sse.ended)).toEqual([false, false, false]);
    expect(held.map((sse) => sse.named('replaced').length)).toEqual([1, 1, 0, 0, 0, 0, 0]);
  });
});

describe('streams of an instance that died', () => {
  /** Rows another instance left behind, last seen `secondsAgo` ago. */
  async function leftBehind(of: Person, count: number, secondsAgo: number): Promise<void> {
    const seen = new Date(Date.now() - secondsAgo * 1000).toISOString();
    for (let i = 0; i < count; i++) {
      await t.db
        .insertInto('notification_streams')
        .values({ user_id: of.id, instance_id: 'gone', opened_tms: seen, seen_tms: seen })
        .execute();
    }
  }

  async function rowsOf(of: Person): Promise<string[]> {
    const rows = await t.db
      .selectFrom('notification_streams')
      .select('instance_id')
      .where('user_id', '=', of.id)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.instance_id);
  }

  it('do not count once they have not been seen for a minute', async () => {
    const bob = await person(t);
    await leftBehind(bob, 5, 120);
    const held = await streams(bob, 5);
    await new Promise((r) => setTimeout(r, 200));
    expect(held.map((sse) => sse.ended)).toEqual([false, false, false, false, false]);
    expect(await rowsOf(bob)).not.toContain('gone');
  });

  it('are the oldest, so a new stream ends them and stays open', async () => {
    const bob = await person(t);
    await leftBehind(bob, 5, 5);
    const [held] = await streams(bob, 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(held!.ended).toBe(false);
    const rows = await rowsOf(bob);
    expect(rows).toHaveLength(5);
    expect(rows.filter((instance) => instance === 'gone')).toHaveLength(4);
  });
});

describe('what delivering one notification costs', () => {
  it('reads the same for five streams of one user as for one', async () => {
    const one = await person(t);
    const oneCost = await queriesToDeliver(one, await streams(one, 1));
    const five = await person(t);
    const fiveCost = await queriesToDeliver(five, await streams(five, 5));
    expect(oneCost).toBeGreaterThan(0);
    expect(fiveCost).toBe(oneCost);
  });

  it('does not grow with the notifications already sent and unread', async () => {
    const bob = await person(t);
    const held = await streams(bob, 2);
    const first = await queriesToDeliver(bob, held);
    // 120 more sent through the same streams, all left unread.
    for (let i = 0; i < 120; i++) await requestRelation(t, await person(t), bob, 2);
    for (const sse of held) {
      await sse.until(() => sse.named('notification').length === 121, 5000, 'the backlog');
    }
    const later = await queriesToDeliver(bob, held);
    expect(later).toBe(first);
    const unread = await fetch(`${base}/api/notifications/unread-count`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    const { count } = (await unread.json()) as { count: number };
    expect(count).toBe(122);
    for (const sse of held) expect(sse.named('unread').at(-1)?.data).toBe('{"count":122}');
  });
});
