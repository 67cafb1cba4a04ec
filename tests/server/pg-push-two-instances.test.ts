import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/support/server-process';
import type { PushPayload } from '../../src/api/push-schemas';
import {
  decryptPush,
  newSubscriber,
  startPushReceiver,
  verifyVapid,
  type PushReceiver,
  type Subscriber,
} from '../support/web-push-receiver';
import {
  createEmptyPostgresDatabase,
  testPostgresUrl,
  withDatabase,
} from './support/test-database';
import { startInstance } from './support/server-instance';
import { insertActiveUser } from './support/test-users';

/**
 * Web Push with two real server processes over one PostgreSQL database (as pg-multi-instance does:
 * separate processes, so nothing an instance keeps in memory is shared). Each instance's sender
 * claims outbox rows with FOR UPDATE SKIP LOCKED; comments written through both, with both
 * senders running, reach each device exactly once (api-contract.md "Reach them when the app is
 * closed": "with several instances each message is sent once"), signed with the one key pair both
 * instances share.
 */

const adminUrl = testPostgresUrl();
const COMMENTS = 20;

describe.skipIf(adminUrl === undefined)('Web Push from two instances over one PostgreSQL', () => {
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let receiver: PushReceiver;
  let a: RunningServer;
  let b: RunningServer;
  const secret = randomBytes(48).toString('base64');

  async function createUser(username: string): Promise<{ id: number; token: string }> {
    const jwtSecret = new TextEncoder().encode(secret);
    return withDatabase(databaseUrl, (db) => insertActiveUser(db, jwtSecret, { username }));
  }

  async function post<T>(instance: RunningServer, url: string, token: string, body: unknown) {
    const res = await fetch(`${instance.baseURL}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `${url}: ${await res.clone().text()}`).toBe(201);
    return (await res.json()) as T;
  }

  beforeAll(async () => {
    receiver = await startPushReceiver();
    ({ databaseUrl, drop: dropDatabase } = await createEmptyPostgresDatabase(adminUrl!));
    const env = { PUSH_ALLOWED_ORIGINS: receiver.origin };
    // Both at once on an empty database: their migrations race, and so do their VAPID pairs.
    [a, b] = await Promise.all([
      startInstance({ databaseUrl, jwtSecret: secret, env }),
      startInstance({ databaseUrl, jwtSecret: secret, env }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
    await dropDatabase?.();
  }, 60_000);

  it('both instances answer the same public key', async () => {
    const keys = await Promise.all(
      [a, b].map(async (instance) => {
        const res = await fetch(`${instance.baseURL}/api/push/public-key`);
        return ((await res.json()) as { publicKey: string }).publicKey;
      }),
    );
    expect(keys[0]).toBe(keys[1]);
  });

  it(`${COMMENTS} comments through both instances: every device gets each message exactly once`, async () => {
    const author = await createUser(`pushauthor_${randomBytes(3).toString('hex')}`);
    const commenter = await createUser(`pushbob_${randomBytes(3).toString('hex')}`);
    const devices: { endpoint: string; subscriber: Subscriber }[] = [];
    for (const instance of [a, b]) {
      const subscriber = newSubscriber();
      const endpoint = receiver.endpoint();
      await post(instance, '/api/push/subscriptions', author.token, {
        endpoint,
        keys: { p256dh: subscriber.p256dh, auth: subscriber.auth },
      });
      devices.push({ endpoint, subscriber });
    }
    const note = await post<{ id: number }>(a, '/api/ruminations', author.token, {
      content: 'a thought',
      publish: true,
    });
    const commentIds: number[] = [];
    for (let i = 0; i < COMMENTS; i++) {
      const comment = await post<{ id: number }>(
        i % 2 === 0 ? a : b,
        '/api/comments',
        commenter.token,
        { ruminationId: note.id, content: `comment ${i}` },
      );
      commentIds.push(comment.id);
    }

    for (const d of devices) await receiver.waitFor(d.endpoint, COMMENTS, 15_000);
    // Long enough for a second send of anything to arrive: both senders poll every second.
    await new Promise((r) => setTimeout(r, 2500));
    const { publicKey } = (await (await fetch(`${a.baseURL}/api/push/public-key`)).json()) as {
      publicKey: string;
    };
    for (const d of devices) {
      const pushes = receiver.receivedFor(d.endpoint);
      expect(pushes).toHaveLength(COMMENTS);
      const payloads = pushes.map(
        (p) => JSON.parse(decryptPush(p.body, d.subscriber)) as PushPayload,
      );
      expect(payloads.map((p) => p.notification.commentId).sort((x, y) => x! - y!)).toEqual(
        [...commentIds].sort((x, y) => x - y),
      );
      for (const p of pushes)
        expect((await verifyVapid(p.headers, d.endpoint)).publicKey).toBe(publicKey);
    }
  }, 60_000);
});
