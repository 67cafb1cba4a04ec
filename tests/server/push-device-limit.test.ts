import { describe, expect, it } from 'vitest';
import type { PushSubscriptionSummary } from '../../src/api/push-schemas';
import { MAX_PUSH_DEVICES } from '../../src/domain/push-devices';
import { newSubscriber } from '../support/web-push-receiver';
import { setUpPushDelivery } from './push-delivery-support';
import { call, writeRumination, type Person } from './ruminations-support';

/**
 * api-contract.md "Reach them when the app is closed": an account holds at most 10 push
 * subscriptions, the 11th ends the oldest, so that one notification reaches at most 10 push
 * services, also when the saves come at once or through several instances (the database holds
 * the count, not an instance's memory). On SQLite and PostgreSQL.
 */

const push = setUpPushDelivery();
const { t, someone, comment, startInstance } = push;
const URL = '/api/push/subscriptions';

function subscription() {
  const { p256dh, auth } = newSubscriber();
  return { endpoint: push.receiver.endpoint(), keys: { p256dh, auth } };
}

async function list(as: Person): Promise<number[]> {
  const res = await call(t, 'GET', URL, { as });
  return res.json<PushSubscriptionSummary[]>().map((s) => s.id);
}

describe('at most 10 devices per account', () => {
  it('the 11th ends the oldest, and a notification then reaches the 10 kept only', async () => {
    expect(MAX_PUSH_DEVICES).toBe(10);
    const me = await someone();
    const saved: { id: number; endpoint: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const body = subscription();
      const res = await call(t, 'POST', URL, { as: me, body });
      expect(res.statusCode).toBe(201);
      saved.push({ id: res.json<{ id: number }>().id, endpoint: body.endpoint });
    }
    const kept = saved.slice(2);
    expect(await list(me)).toEqual(kept.map((s) => s.id));
    // The oldest kept, sent again, is the same device: 200, its id, and it ends none.
    const again = await call(t, 'POST', URL, {
      as: me,
      body: { ...subscription(), endpoint: kept[0]!.endpoint },
    });
    expect([again.statusCode, again.json()]).toEqual([200, { id: kept[0]!.id }]);
    expect(await list(me)).toEqual(kept.map((s) => s.id));

    const note = await writeRumination(t, me);
    await comment(await someone(), note.id);
    await Promise.all(kept.map((s) => push.receiver.waitFor(s.endpoint, 1, 5000)));
    // A moment more for anything still on its way to the ended two.
    await new Promise((r) => setTimeout(r, 300));
    expect(saved.map((s) => push.receiver.receivedFor(s.endpoint).length)).toEqual([
      0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('holds when 25 saves come at once', async () => {
    const me = await someone();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => call(t, 'POST', URL, { as: me, body: subscription() })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const ids = answers.map((a) => a.json<{ id: number }>().id).sort((a, b) => a - b);
    // The newest ten stay, whichever order the saves took.
    expect(await list(me)).toEqual(ids.slice(-10));
  });

  it('holds across two instances of one database, saving at once', async () => {
    const me = await someone();
    const second = await startInstance(t);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 === 0 ? t.app : second).inject({
          method: 'POST',
          url: URL,
          headers: { authorization: `Bearer ${me.token}` },
          payload: subscription(),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    expect(await list(me)).toHaveLength(10);
  });

  it('counts each account apart: another account’s devices end none of mine', async () => {
    const me = await someone();
    const other = await someone();
    const mine: number[] = [];
    for (let i = 0; i < 10; i++) {
      mine.push(
        (await call(t, 'POST', URL, { as: me, body: subscription() })).json<{ id: number }>().id,
      );
    }
    for (let i = 0; i < 11; i++) await call(t, 'POST', URL, { as: other, body: subscription() });
    expect(await list(me)).toEqual(mine);
    expect(await list(other)).toHaveLength(10);
  });
});

describe('an endpoint another account registered', () => {
  it('answers 201 with a new id, as any new subscription, also when both post at once', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await someone();
      const second = await someone();
      const body = subscription();
      const answers = await Promise.all(
        [first, second, first, second].map((as) => call(t, 'POST', URL, { as, body })),
      );
      // Each is 201 or the caller's own device again (200), never an id the other was given.
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true);
      const ids = answers.map((a) => a.json<{ id: number }>().id);
      const [ofFirst, ofSecond] = [new Set([ids[0], ids[2]]), new Set([ids[1], ids[3]])];
      expect([...ofFirst].filter((id) => ofSecond.has(id))).toEqual([]);
      const [mineA, mineB] = [await list(first), await list(second)];
      // One browser profile is one person's: exactly one of them holds it.
      expect(mineA.length + mineB.length).toBe(1);
      expect(ids).toContain(mineA[0] ?? mineB[0]);
    }
  });
});
