import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import type { Notification } from '../../src/api/notification-schemas';
import type { PushPayload } from '../../src/api/push-schemas';
import {
  decryptPush,
  newSubscriber,
  startPushReceiver,
  type PushReceiver,
  type Subscriber,
} from '../support/web-push-receiver';
import { call, type Person } from './ruminations-support';
import { createActiveUser, createTestApp, type TestApp } from './support/test-app';

/**
 * Shared arrangement of the Web Push delivery tests (push-delivery*.test.ts): a push service on
 * 127.0.0.1 that checks what it receives as a push service and a browser do
 * (tests/support/web-push-receiver.ts), the app of a file's tests sending to it, and the people,
 * devices and comments of the tests.
 */

export interface Device {
  endpoint: string;
  subscriber: Subscriber;
  id: number;
}

let people = 0;

/**
 * The push service and the app of a file's tests: started before the first of them, closed after
 * the last; `t` is filled in once the app is ready, `receiver` once the service is. With the
 * helpers that act on them.
 */
export function setUpPushDelivery() {
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

  async function someone(displayName?: string, on: TestApp = t): Promise<Person> {
    people += 1;
    return createActiveUser(on.app, {
      username: `push${people}_${randomBytes(3).toString('hex')}`,
      ...(displayName === undefined ? {} : { displayName }),
    });
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

  /** The outbox rows of the person's notifications (what is still to be sent to their devices). */
  function outboxRowsFor(recipientId: number, on: TestApp = t): Promise<{ id: number }[]> {
    return on.db
      .selectFrom('push_outbox as o')
      .innerJoin('notifications as n', 'n.id', 'o.notification_id')
      .select('o.id')
      .where('n.recipient_id', '=', recipientId)
      .execute();
  }

  /** Until the outbox holds nothing more for the person (sent, or decided not to be). */
  async function outboxEmptyFor(
    recipientId: number,
    on: TestApp = t,
    timeoutMs = 5000,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = await outboxRowsFor(recipientId, on);
      if (left.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`${left.length} outbox rows left after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * A database of its own whose app's sender is stopped: what is written there waits in the
   * outbox, nobody polls it, until a test starts an instance on it (startInstance).
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

  return {
    t,
    /** The push service, once started (before the first test). */
    get receiver(): PushReceiver {
      return receiver;
    },
    pushConfig,
    someone,
    device,
    comment,
    decrypted,
    notificationsOf,
    outboxRowsFor,
    outboxEmptyFor,
    quietDatabase,
    startInstance,
  };
}
