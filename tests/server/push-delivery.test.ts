import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import {
  nextStepAfterSend,
  PUSH_MAX_ATTEMPTS,
  retryAfterMs,
} from '../../server/modules/push/push-retry';
import type { Notification } from '../../src/api/notification-schemas';
import type { PushPayload } from '../../src/api/push-schemas';
import {
  decryptPush,
  newSubscriber,
  startPushReceiver,
  verifyVapid,
  type PushReceiver,
  type Subscriber,
} from '../support/web-push-receiver';
import { createActiveUser, createTestApp, type TestApp } from './support/test-app';
import { call, requestRelation, writeRumination, type Person } from './ruminations-support';

/**
 * Web Push delivery (api-contract.md "Reach them when the app is closed"): what a device receives
 * for a notification, checked as a push service and a browser check it (the VAPID signature and
 * the aes128gcm decryption, tests/support/web-push-receiver.ts), and when it receives nothing.
 */

let receiver: PushReceiver;
const t = {} as TestApp;
/** Apps a test started on a database besides its first, closed after it. */
const extraApps: FastifyInstance[] = [];
/** Databases of one test (quietDatabase), closed after it, after their extra apps. */
const quietDatabases: TestApp[] = [];

function pushConfig() {
  return {
    push: {
      vapid: undefined,
      subject: 'mailto:no-reply@app.test',
      allowedOrigins: [receiver.origin],
      pollMs: 1000,
    },
  };
}

beforeAll(async () => {
  receiver = await startPushReceiver();
  Object.assign(t, await createTestApp({ config: pushConfig() }));
});
afterEach(async () => {
  receiver.delayMs = 0;
  for (const app of extraApps.splice(0)) await app.close();
  for (const quiet of quietDatabases.splice(0)) await quiet.close();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

let people = 0;
async function someone(displayName?: string, on: TestApp = t): Promise<Person> {
  people += 1;
  return createActiveUser(on.app, {
    username: `push${people}_${randomBytes(3).toString('hex')}`,
    ...(displayName === undefined ? {} : { displayName }),
  });
}

interface Device {
  endpoint: string;
  subscriber: Subscriber;
  id: number;
}

async function device(as: Person, on: TestApp = t): Promise<Device> {
  const subscriber = newSubscriber();
  const endpoint = receiver.endpoint();
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { authorization: `Bearer ${as.token}` },
    payload: { endpoint, keys: { p256dh: subscriber.p256dh, auth: subscriber.auth } },
  });
  if (res.statusCode !== 201) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  return { endpoint, subscriber, id: res.json<{ id: number }>().id };
}

async function comment(
  as: Person,
  ruminationId: number,
  content = `words ${randomBytes(6).toString('hex')}`,
  on: TestApp = t,
): Promise<{ id: number; ms: number }> {
  const started = performance.now();
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: { authorization: `Bearer ${as.token}` },
    payload: { ruminationId, content },
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
  return { id: res.json<{ id: number }>().id, ms };
}

function decrypted(push: { body: Buffer }, d: Device): PushPayload {
  return JSON.parse(decryptPush(push.body, d.subscriber)) as PushPayload;
}

async function notificationsOf(as: Person): Promise<Notification[]> {
  const res = await call(t, 'GET', '/api/notifications', { as });
  return res.json<Notification[]>();
}

/** Until the outbox holds nothing more for the person (sent, or decided not to be). */
async function outboxEmptyFor(
  recipientId: number,
  on: TestApp = t,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await on.db
      .selectFrom('push_outbox as o')
      .innerJoin('notifications as n', 'n.id', 'o.notification_id')
      .select('o.id')
      .where('n.recipient_id', '=', recipientId)
      .execute();
    if (left.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${left.length} outbox rows left after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A database of its own whose app's sender is stopped: what is written there waits in the outbox,
 * nobody polls it, until a test starts an instance on it (startInstance).
 */
async function quietDatabase(): Promise<TestApp> {
  const quiet = await createTestApp({ config: pushConfig() });
  quiet.app.pushSender.stop();
  quietDatabases.push(quiet);
  return quiet;
}

/** Another instance on a database, with its sender running: it polls at once, then every second. */
async function startInstance(on: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({
    config: on.app.config,
    db: on.db,
    jwtSecret: on.app.jwtSecret,
    mailer: on.mailer,
    logger: false,
  });
  extraApps.push(app);
  await app.ready();
  return app;
}

describe('a comment on my rumination', () => {
  it('reaches my device within 5 s: encrypted to it, signed with the public key, names only', async () => {
    const author = await someone();
    const bob = await someone('Bob Example 🌻');
    const d = await device(author);
    const noteText = `my secret note ${randomBytes(6).toString('hex')}`;
    const commentText = `bob's private words ${randomBytes(6).toString('hex')}`;
    const note = await writeRumination(t, author, { content: noteText });
    const sent = await comment(bob, note.id, commentText);

    const [push] = await receiver.waitFor(d.endpoint, 1, 5000);
    const payload = decrypted(push!, d);
    const [listed] = await notificationsOf(author);
    expect(payload).toEqual({
      title: 'Bob Example 🌻 commented on your rumination',
      notification: listed,
    });
    expect(payload.notification).toMatchObject({
      kind: 'CommentOnMyRumination',
      ruminationId: note.id,
      commentId: sent.id,
      actor: { id: bob.id, username: bob.username, displayName: 'Bob Example 🌻' },
    });
    const plaintext = decryptPush(push!.body, d.subscriber);
    expect(plaintext).not.toContain(noteText);
    expect(plaintext).not.toContain(commentText);
    expect(push!.body.toString('latin1')).not.toContain(commentText);

    const { publicKey } = (await call(t, 'GET', '/api/push/public-key')).json<{
      publicKey: string;
    }>();
    const vapid = await verifyVapid(push!.headers, d.endpoint);
    expect(vapid).toEqual({ publicKey, subject: 'mailto:no-reply@app.test' });
    expect(push!.headers['ttl']).toBe('86400');
    expect(push!.headers['urgency']).toBe('normal');
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    await outboxEmptyFor(author.id);
    expect(receiver.receivedFor(d.endpoint)).toHaveLength(1);
  });

  it('reaches each of two devices once', async () => {
    const author = await someone();
    const [phone, laptop] = [await device(author), await device(author)];
    const note = await writeRumination(t, author);
    await comment(await someone(), note.id);
    await Promise.all([receiver.waitFor(phone.endpoint), receiver.waitFor(laptop.endpoint)]);
    await outboxEmptyFor(author.id);
    expect(receiver.receivedFor(phone.endpoint)).toHaveLength(1);
    expect(receiver.receivedFor(laptop.endpoint)).toHaveLength(1);
    expect(decrypted(receiver.receivedFor(laptop.endpoint)[0]!, laptop).title).toMatch(
      /commented on your rumination$/,
    );
    // One VAPID signature serves many messages to one push service (RFC 8292), and still checks.
    const [toPhone, toLaptop] = [phone, laptop].map((d) => receiver.receivedFor(d.endpoint)[0]!);
    expect(toPhone!.headers.authorization).toBe(toLaptop!.headers.authorization);
    await verifyVapid(toLaptop!.headers, laptop.endpoint);
  });

  it('reaches nobody who has no device, and writes nothing to the outbox for them', async () => {
    const author = await someone();
    const note = await writeRumination(t, author);
    await comment(await someone(), note.id);
    const rows = await t.db
      .selectFrom('push_outbox as o')
      .innerJoin('notifications as n', 'n.id', 'o.notification_id')
      .select('o.id')
      .where('n.recipient_id', '=', author.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('is not waited for by the comment: a slow push service does not slow the POST', async () => {
    receiver.delayMs = 3000;
    const author = await someone();
    const d = await device(author);
    const note = await writeRumination(t, author);
    const sent = await comment(await someone(), note.id);
    expect(sent.ms).toBeLessThan(1000);
    await receiver.waitFor(d.endpoint, 1, 5000);
  });
});

describe('what is not sent', () => {
  it('a kind turned off in push preferences: nothing; a kind left on still reaches the device', async () => {
    const author = await someone();
    const d = await device(author);
    const off = await call(t, 'PUT', '/api/account/preferences', {
      as: author,
      body: { push: { CommentOnMyRumination: false } },
    });
    expect(off.statusCode).toBe(200);
    const note = await writeRumination(t, author);
    await comment(await someone(), note.id);
    // A relation request is a kind left on: it comes, and the comment's never does.
    await requestRelation(t, await someone(), author, 2);
    const [push] = await receiver.waitFor(d.endpoint, 1, 5000);
    await outboxEmptyFor(author.id);
    expect(receiver.receivedFor(d.endpoint)).toHaveLength(1);
    expect(decrypted(push!, d).notification.kind).toBe('RelationRequested');
  });

  it('a notification hidden before it was sent (the rumination trashed): nothing', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    await comment(await someone(undefined, quiet), note.id, undefined, quiet);
    const trashed = await call(quiet, 'DELETE', `/api/ruminations/${note.id}`, { as: author });
    expect(trashed.statusCode).toBe(204);
    await startInstance(quiet);
    await outboxEmptyFor(author.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
  });

  it('a comment deleted before its notification was sent: nothing', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const bob = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    const sent = await comment(bob, note.id, undefined, quiet);
    const deleted = await call(quiet, 'DELETE', `/api/comments/${sent.id}`, { as: bob });
    expect(deleted.statusCode).toBe(204);
    await startInstance(quiet);
    await outboxEmptyFor(author.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
  });

  it('a relation request withdrawn before it was sent: nothing', async () => {
    const quiet = await quietDatabase();
    const asked = await someone(undefined, quiet);
    const asker = await someone(undefined, quiet);
    const d = await device(asked, quiet);
    const relation = await requestRelation(quiet, asker, asked, 2);
    const cancel = await call(quiet, 'DELETE', `/api/UserRelations/${relation.id}`, { as: asker });
    expect(cancel.statusCode).toBe(204);
    await startInstance(quiet);
    await outboxEmptyFor(asked.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
  });

  it('the kind turned off after the notification was queued: nothing', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    await comment(await someone(undefined, quiet), note.id, undefined, quiet);
    const off = await call(quiet, 'PUT', '/api/account/preferences', {
      as: author,
      body: { push: { CommentOnMyRumination: false } },
    });
    expect(off.statusCode).toBe(200);
    await startInstance(quiet);
    await outboxEmptyFor(author.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
  });
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

describe('nothing is lost to a restart', () => {
  it('a message written while no sender ran is sent by the next app on the same database', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    await comment(await someone('Carol', quiet), note.id, undefined, quiet);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
    await startInstance(quiet);
    const [push] = await receiver.waitFor(d.endpoint, 1, 5000);
    expect(decrypted(push!, d).title).toBe('Carol commented on your rumination');
    await outboxEmptyFor(author.id, quiet);
  });

  it('a claim whose instance died is taken over once it lapses, not before', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    await comment(await someone(undefined, quiet), note.id, undefined, quiet);
    // As if an instance had claimed it and died: held for two more seconds.
    await quiet.db
      .updateTable('push_outbox')
      .set({ claimed_until: new Date(Date.now() + 2000).toISOString() })
      .execute();
    await startInstance(quiet);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
    await receiver.waitFor(d.endpoint, 1, 5000);
    await outboxEmptyFor(author.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toHaveLength(1);
  });

  it('two instances on one database send each message once', async () => {
    await startInstance(t);
    const author = await someone();
    const devices = [await device(author), await device(author)];
    const note = await writeRumination(t, author);
    const bob = await someone();
    for (let i = 0; i < 10; i++) await comment(bob, note.id);
    for (const d of devices) await receiver.waitFor(d.endpoint, 10, 10_000);
    await outboxEmptyFor(author.id);
    for (const d of devices) {
      const ids = receiver.receivedFor(d.endpoint).map((p) => decrypted(p, d).notification.id);
      expect(new Set(ids).size).toBe(10);
      expect(ids).toHaveLength(10);
    }
  });
});

describe('retry schedule (push-retry.ts)', () => {
  it('2xx is done, 404 and 410 forget the device, other 4xx and redirects drop the message', () => {
    expect(nextStepAfterSend({ status: 201 }, 0)).toEqual({ step: 'done' });
    expect(nextStepAfterSend({ status: 410 }, 0)).toEqual({ step: 'forget-device' });
    expect(nextStepAfterSend({ status: 404 }, 3)).toEqual({ step: 'forget-device' });
    for (const status of [301, 400, 401, 403, 413]) {
      expect(nextStepAfterSend({ status }, 0).step).toBe('drop');
    }
  });

  it('429, 5xx and no answer wait longer each time, and give up after the last attempt', () => {
    const delays = [0, 1, 2, 3].map((before) => nextStepAfterSend({ status: 503 }, before));
    expect(delays).toEqual([
      { step: 'retry', attempts: 1, delayMs: 5_000 },
      { step: 'retry', attempts: 2, delayMs: 20_000 },
      { step: 'retry', attempts: 3, delayMs: 80_000 },
      { step: 'retry', attempts: 4, delayMs: 320_000 },
    ]);
    expect(nextStepAfterSend({ status: 429 }, PUSH_MAX_ATTEMPTS - 1).step).toBe('drop');
    expect(nextStepAfterSend({ status: null, stopped: false }, 0).step).toBe('retry');
    expect(nextStepAfterSend({ status: null, stopped: true }, 2)).toEqual({ step: 'release' });
  });

  it('honours a longer Retry-After, up to an hour', () => {
    expect(nextStepAfterSend({ status: 429, retryAfterMs: 120_000 }, 0)).toMatchObject({
      delayMs: 120_000,
    });
    expect(nextStepAfterSend({ status: 429, retryAfterMs: 1e9 }, 0)).toMatchObject({
      delayMs: 3_600_000,
    });
    expect(retryAfterMs('30', 0)).toBe(30_000);
    expect(retryAfterMs(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(null, 0)).toBeUndefined();
  });
});
