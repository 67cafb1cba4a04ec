import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSubscriber, type PushReceiver } from '../support/web-push-receiver';
import { setUpPushDelivery } from './push-delivery-support';
import { call, writeRumination } from './ruminations-support';
import { createTestApp } from './support/test-app';

/**
 * Web Push delivery against what a push service answers (api-contract.md "Reach them when the app
 * is closed"): a device it no longer knows is forgotten, a failure is tried again, and a service
 * that never answers holds up nobody else's messages.
 */

const push = setUpPushDelivery();
const { t, pushConfig, someone, device, comment, outboxEmptyFor } = push;
let receiver: PushReceiver;
beforeAll(() => {
  // Started by setUpPushDelivery's own beforeAll, which runs first.
  receiver = push.receiver;
});

describe('what the push service answers', () => {
  it('410: the device is forgotten (gone from GET), and nothing more is queued for it', async () => {
    const author = await someone();
    const d = await device(author);
    receiver.answer(d.endpoint, 410);
    const note = await writeRumination(t, author);
    await comment(await someone(), note.id);
    await receiver.waitFor(d.endpoint, 1, 5000);
    await outboxEmptyFor(author.id);
    const listed = await call(t, 'GET', '/api/push/subscriptions', { as: author });
    expect(listed.json()).toEqual([]);
  });

  it('404 as 410', async () => {
    const author = await someone();
    const d = await device(author);
    receiver.answer(d.endpoint, 404);
    const note = await writeRumination(t, author);
    await comment(await someone(), note.id);
    await receiver.waitFor(d.endpoint, 1, 5000);
    await outboxEmptyFor(author.id);
    expect((await call(t, 'GET', '/api/push/subscriptions', { as: author })).json()).toEqual([]);
  });

  it('503: tried again later, and delivered once the service is back', async () => {
    const author = await someone();
    const d = await device(author);
    receiver.answer(d.endpoint, 503);
    const note = await writeRumination(t, author);
    const started = Date.now();
    await comment(await someone(), note.id);
    await receiver.waitFor(d.endpoint, 1, 5000);
    let row: { attempts: number; due_tms: string; claimed_until: string | null } | undefined;
    for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
      row = await t.db
        .selectFrom('push_outbox')
        .select(['attempts', 'due_tms', 'claimed_until'])
        .where('subscription_id', '=', d.id)
        .executeTakeFirst();
      if (row?.attempts === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(row).toMatchObject({ attempts: 1, claimed_until: null });
    expect(Date.parse(row!.due_tms)).toBeGreaterThanOrEqual(started + 4000);
    // The service is back; the wait is cut short rather than sat out.
    receiver.answer(d.endpoint, 201);
    await t.db
      .updateTable('push_outbox')
      .set({ due_tms: new Date().toISOString() })
      .where('subscription_id', '=', d.id)
      .execute();
    await receiver.waitFor(d.endpoint, 2, 5000);
    await outboxEmptyFor(author.id);
    expect((await call(t, 'GET', '/api/push/subscriptions', { as: author })).json()).toHaveLength(
      1,
    );
  });
});

describe('a push service that does not answer', () => {
  it('holds only its own requests: another person’s message goes out meanwhile', async () => {
    // Takes requests and never answers them (until the test ends).
    let hung = 0;
    const hanging = http.createServer(() => (hung += 1));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const hangingOrigin = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const both = await createTestApp({
      config: {
        push: { ...pushConfig().push, allowedOrigins: [receiver.origin, hangingOrigin] },
      },
    });
    try {
      const stuck = await someone(undefined, both);
      for (let i = 0; i < 5; i++) {
        const subscriber = newSubscriber();
        const res = await call(both, 'POST', '/api/push/subscriptions', {
          as: stuck,
          body: {
            endpoint: `${hangingOrigin}/push/${i}`,
            keys: { p256dh: subscriber.p256dh, auth: subscriber.auth },
          },
        });
        expect(res.statusCode).toBe(201);
      }
      const other = await someone(undefined, both);
      const d = await device(other, both);
      const commenter = await someone(undefined, both);
      await comment(commenter, (await writeRumination(both, stuck)).id, undefined, both);
      for (const deadline = Date.now() + 3000; hung < 5 && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(hung).toBe(5);
      const started = Date.now();
      await comment(commenter, (await writeRumination(both, other)).id, undefined, both);
      await receiver.waitFor(d.endpoint, 1, 3000);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      // Closing aborts the requests still waiting and gives their rows back.
      const closing = Date.now();
      await both.close();
      expect(Date.now() - closing).toBeLessThan(5000);
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});
