import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/support/server-process';
import type { Notification } from '../../src/api/notification-schemas';
import { createDatabase } from '../../server/db/database';
import {
  createEmptyPostgresDatabase,
  testPostgresUrl,
  withDatabase,
} from './support/test-database';
import { startInstance } from './support/server-instance';
import { openStream, requestFriendOn } from './support/instance-calls';
import type { SseReader } from './support/sse-reader';
import { insertActiveUser } from './support/test-users';

/**
 * The live notification stream across instances (api-contract.md "Notifications"): two real server
 * processes on one PostgreSQL database; a stream held on one hears, within a second, what was done
 * through the other (LISTEN/NOTIFY). Separate processes on purpose: in one process the bus would
 * be shared memory and prove nothing. Also: the cap of 5 streams per user held across both, a
 * revocation through the other instance, a LISTEN connection killed under the server, and SIGTERM
 * with a stream open.
 */

const adminUrl = testPostgresUrl();
const AUTH_CHECK_MS = 300;
const STREAM_ENV = { STREAM_AUTH_CHECK_MS: String(AUTH_CHECK_MS) };

describe.skipIf(adminUrl === undefined)('notification streams across instances', () => {
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  const secret = randomBytes(48).toString('base64');
  let a: RunningServer;
  let b: RunningServer;
  const aborts: AbortController[] = [];

  function createUser(): Promise<{ id: number; token: string }> {
    const username = `s_${randomBytes(4).toString('hex')}`;
    const jwtSecret = new TextEncoder().encode(secret);
    return withDatabase(databaseUrl, (db) => insertActiveUser(db, jwtSecret, { username }));
  }

  beforeAll(async () => {
    ({ databaseUrl, drop: dropDatabase } = await createEmptyPostgresDatabase(adminUrl!));
    // One first, so that the second does not race its migrations (pg-multi-instance tests that).
    a = await startInstance({ databaseUrl, jwtSecret: secret, env: STREAM_ENV });
    b = await startInstance({ databaseUrl, jwtSecret: secret, env: STREAM_ENV });
  }, 60_000);

  afterEach(() => {
    for (const controller of aborts.splice(0)) controller.abort();
  });

  afterAll(async () => {
    for (const controller of aborts.splice(0)) controller.abort();
    await Promise.all([a, b].filter(Boolean).map((instance) => instance.stop()));
    await dropDatabase?.();
  }, 30_000);

  it('delivers within a second to a stream on A what was done through B', async () => {
    const bob = await createUser();
    const alice = await createUser();
    const onA = await openStream(a, bob.token, aborts);
    const started = Date.now();
    const relation = await requestFriendOn(b, alice.token, bob.id);
    await onA.until(() => onA.named('notification').length === 1, 1000, 'the notification');
    expect(Date.now() - started).toBeLessThan(1000);
    const event = onA.named('notification')[0]!;
    const n = JSON.parse(event.data) as Notification;
    expect(n).toMatchObject({ kind: 'RelationRequested', relationId: relation.id });
    expect(event.id).toBe(String(n.id));
    await onA.until(() => onA.named('unread').length === 2, 1000, 'the new count');
    expect(JSON.parse(onA.named('unread')[1]!.data)).toEqual({ count: 1 });
  });

  it('tells streams on both instances exactly once, the acting one included', async () => {
    const bob = await createUser();
    const alice = await createUser();
    const onA = await openStream(a, bob.token, aborts);
    const onB = await openStream(b, bob.token, aborts);
    await requestFriendOn(b, alice.token, bob.id);
    for (const sse of [onA, onB]) {
      await sse.until(() => sse.named('notification').length === 1, 1000, 'the notification');
    }
    // A little longer: no second copy (an instance hearing its own NOTIFY and a local dispatch).
    await new Promise((r) => setTimeout(r, 300));
    expect(onA.named('notification')).toHaveLength(1);
    expect(onB.named('notification')).toHaveLength(1);
  });

  it('holds a user to 5 streams across both instances: a sixth on B ends the oldest, on A', async () => {
    const bob = await createUser();
    const alice = await createUser();
    const held: SseReader[] = [];
    // One after the other: the first, on A, is the oldest.
    for (const instance of [a, b, a, b, a])
      held.push(await openStream(instance, bob.token, aborts));
    const sixth = await openStream(b, bob.token, aborts);
    const oldest = held[0]!;
    await oldest.until(() => oldest.ended, 2000, 'the end of the oldest');
    expect(oldest.events.map((e) => e.event)).toEqual(['unread', 'replaced']);
    const five = [...held.slice(1), sixth];
    await requestFriendOn(a, alice.token, bob.id);
    for (const sse of five) {
      await sse.until(() => sse.named('notification').length === 1, 1000, 'the notification');
    }
    expect(five.map((sse) => sse.ended)).toEqual([false, false, false, false, false]);
  });

  it('ends a stream on A when the token is revoked through B', async () => {
    const bob = await createUser();
    const onA = await openStream(a, bob.token, aborts);
    const res = await fetch(`${b.baseURL}/api/account/sign-out-everywhere`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(res.status).toBe(204);
    await onA.until(() => onA.ended, AUTH_CHECK_MS * 5, 'the end of the stream');
  });

  it('listens again after its LISTEN connection is killed, and catches up', async () => {
    const bob = await createUser();
    const alice = await createUser();
    const onA = await openStream(a, bob.token, aborts);
    const db = createDatabase({ databaseUrl });
    try {
      // Every LISTEN connection of both instances: each must come back by itself.
      const killed = await sql<{ ok: boolean }>`
        select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%'`.execute(db);
      expect(killed.rows.length).toBe(2);
      await requestFriendOn(b, alice.token, bob.id);
      // The NOTIFY may go out while A is not listening: A reads again once it is back.
      await onA.until(() => onA.named('notification').length === 1, 5000, 'the notification');
      // And live delivery works again.
      const carol = await createUser();
      const started = Date.now();
      await requestFriendOn(b, carol.token, bob.id);
      await onA.until(() => onA.named('notification').length === 2, 1000, 'the second one');
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await db.destroy();
    }
    expect(a.running()).toBe(true);
    expect(b.running()).toBe(true);
  });

  it('stops promptly on SIGTERM with a stream open, ending it', async () => {
    const bob = await createUser();
    const onB = await openStream(b, bob.token, aborts);
    const started = Date.now();
    const code = await b.stop();
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    await onB.until(() => onB.ended, 1000, 'the end of the stream');
  });
});
