import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { eraseAccount } from '../../server/modules/account/account-erasure';
import type { PushSubscriptionSummary } from '../../src/api/push-schemas';
import {
  PUSH_AUTH_INVALID,
  PUSH_ENDPOINT_REFUSED,
  PUSH_P256DH_INVALID,
} from '../../src/domain/push-subscriptions';
import { newSubscriber, startPushReceiver, type PushReceiver } from '../support/web-push-receiver';
import { createTestApp, type TestApp } from './support/test-app';
import { call, person, type Person } from './ruminations-support';

/**
 * /api/push (api-contract.md "Reach them when the app is closed"): the public key, and which
 * subscriptions are kept, for whom. What is sent to them is push-delivery.test.ts.
 */

let receiver: PushReceiver;
const t = {} as TestApp;
beforeAll(async () => {
  receiver = await startPushReceiver();
  Object.assign(
    t,
    await createTestApp({
      config: {
        push: {
          vapid: undefined,
          subject: 'mailto:no-reply@app.test',
          allowedOrigins: [receiver.origin],
          pollMs: 1000,
        },
      },
    }),
  );
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const URL = '/api/push/subscriptions';

function subscription(endpoint: string = receiver.endpoint()) {
  const s = newSubscriber();
  return { endpoint, keys: { p256dh: s.p256dh, auth: s.auth } };
}

async function subscribe(as: Person, body: unknown): Promise<number> {
  const res = await call(t, 'POST', URL, { as, body });
  if (res.statusCode !== 201) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

async function list(as: Person): Promise<PushSubscriptionSummary[]> {
  const res = await call(t, 'GET', URL, { as });
  expect(res.statusCode).toBe(200);
  return res.json<PushSubscriptionSummary[]>();
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('GET /api/push/public-key', () => {
  it('answers the VAPID key, a 65-byte uncompressed P-256 point, with or without a token', async () => {
    const anonymous = await call(t, 'GET', '/api/push/public-key');
    expect(anonymous.statusCode).toBe(200);
    const { publicKey } = anonymous.json<{ publicKey: string }>();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const signedIn = await call(t, 'GET', '/api/push/public-key', { as: await person(t) });
    expect(signedIn.json<{ publicKey: string }>().publicKey).toBe(publicKey);
  });

  it('answers 401 to a token that opens nothing', async () => {
    const res = await call(t, 'GET', '/api/push/public-key', {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is the same key on a second instance of the same database: one pair per deployment', async () => {
    const { publicKey } = (await call(t, 'GET', '/api/push/public-key')).json<{
      publicKey: string;
    }>();
    const second = await buildApp({
      config: t.app.config,
      db: t.db,
      jwtSecret: t.app.jwtSecret,
      mailer: t.mailer,
      logger: false,
    });
    try {
      await second.ready();
      const res = await second.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(res.json<{ publicKey: string }>().publicKey).toBe(publicKey);
    } finally {
      await second.close();
    }
  });

  it("is the operator's key when VAPID_* are set", async () => {
    const given = {
      publicKey: b64url(Buffer.concat([Buffer.from([4]), randomBytes(64)])),
      privateKey: b64url(randomBytes(32)),
      subject: 'mailto:ops@app.test',
    };
    const own = await buildApp({
      config: { ...t.app.config, push: { ...t.app.config.push, vapid: given } },
      db: t.db,
      jwtSecret: t.app.jwtSecret,
      mailer: t.mailer,
      logger: false,
    });
    try {
      await own.ready();
      const res = await own.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(res.json<{ publicKey: string }>().publicKey).toBe(given.publicKey);
    } finally {
      await own.close();
    }
  });
});

describe('POST, GET and DELETE /api/push/subscriptions', () => {
  it('answers 401 without a token, to every call', async () => {
    expect((await call(t, 'POST', URL, { body: subscription() })).statusCode).toBe(401);
    expect((await call(t, 'GET', URL)).statusCode).toBe(401);
    expect((await call(t, 'DELETE', `${URL}/1`)).statusCode).toBe(401);
  });

  it('keeps a new endpoint (201), and the same endpoint again is 200 with the same id', async () => {
    const me = await person(t);
    const body = subscription();
    const id = await subscribe(me, body);
    const again = await call(t, 'POST', URL, { as: me, body: subscription(body.endpoint) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id });
    const listed = await list(me);
    expect(listed).toEqual([{ id, createTMS: expect.any(String) as string }]);
    expect(Number.isNaN(Date.parse(listed[0]!.createTMS))).toBe(false);
  });

  it('updates the keys of an endpoint sent again', async () => {
    const me = await person(t);
    const body = subscription();
    const id = await subscribe(me, body);
    const renewed = subscription(body.endpoint);
    await call(t, 'POST', URL, { as: me, body: renewed });
    const row = await t.db
      .selectFrom('push_subscriptions')
      .select(['p256dh', 'auth'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it('lists only the caller’s devices, oldest first', async () => {
    const me = await person(t);
    const other = await person(t);
    const first = await subscribe(me, subscription());
    await subscribe(other, subscription());
    const second = await subscribe(me, subscription());
    expect((await list(me)).map((s) => s.id)).toEqual([first, second]);
    expect(await list(await person(t))).toEqual([]);
  });

  it('an endpoint another person had moves to the caller as a new device: 201, a new id', async () => {
    const before = await person(t);
    const after = await person(t);
    const body = subscription();
    const id = await subscribe(before, body);
    // Answered as any new subscription: nothing says the endpoint was known, or whose it was.
    const res = await call(t, 'POST', URL, { as: after, body: subscription(body.endpoint) });
    expect(res.statusCode).toBe(201);
    const moved = res.json<{ id: number }>().id;
    expect(moved).not.toBe(id);
    expect(await list(before)).toEqual([]);
    expect((await list(after)).map((s) => s.id)).toEqual([moved]);
    // The device is the caller's now: the same endpoint again is 200 with the id it got.
    const again = await call(t, 'POST', URL, { as: after, body: subscription(body.endpoint) });
    expect([again.statusCode, again.json()]).toEqual([200, { id: moved }]);
  });

  it('deletes the caller’s own device (204); another person’s or an unknown one is 404', async () => {
    const me = await person(t);
    const other = await person(t);
    const mine = await subscribe(me, subscription());
    const theirs = await subscribe(other, subscription());
    expect((await call(t, 'DELETE', `${URL}/${theirs}`, { as: me })).statusCode).toBe(404);
    expect((await list(other)).map((s) => s.id)).toEqual([theirs]);
    expect((await call(t, 'DELETE', `${URL}/999999999`, { as: me })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `${URL}/${mine}`, { as: me })).statusCode).toBe(204);
    expect(await list(me)).toEqual([]);
    expect((await call(t, 'DELETE', `${URL}/${mine}`, { as: me })).statusCode).toBe(404);
  });

  it('answers 400 to an id that is not one', async () => {
    const me = await person(t);
    for (const id of ['abc', '0', '-1', '1.5']) {
      expect((await call(t, 'DELETE', `${URL}/${id}`, { as: me })).statusCode).toBe(400);
    }
  });

  it('is open while the terms wait for acceptance, like the account’s preferences', async () => {
    const me = await person(t, { acceptTerms: false });
    const res = await call(t, 'POST', URL, { as: me, body: subscription() });
    expect(res.statusCode).toBe(201);
  });

  it('erasing the account erases its devices', async () => {
    const me = await person(t);
    await subscribe(me, subscription());
    await t.db.transaction().execute((trx) => eraseAccount(trx, me.id));
    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', me.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('which endpoints are kept', () => {
  it.each([
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data'],
    ['an unknown host', 'https://example.com/push/1'],
    ['a known service on another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/x'],
    ['http to a known service', 'http://fcm.googleapis.com/fcm/send/x'],
    ['a host that only ends like one', 'https://evilfcm.googleapis.com.example/x'],
    ['not a URL', 'not a url'],
    ['a listed origin on another port', 'http://127.0.0.1:1/push/x'],
  ])('refuses %s with 400 on endpoint', async (_what, endpoint) => {
    const me = await person(t);
    const res = await call(t, 'POST', URL, { as: me, body: subscription(endpoint) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      endpoint: [PUSH_ENDPOINT_REFUSED],
    });
    expect(await list(me)).toEqual([]);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/x',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/x',
    'https://wns2-by3p.notify.windows.com/w/?token=x',
  ])('keeps the known push service %s', async (endpoint) => {
    const me = await person(t);
    const res = await call(t, 'POST', URL, {
      as: me,
      body: subscription(`${endpoint}${randomBytes(4).toString('hex')}`),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('which keys are kept', () => {
  const point = (bytes: Uint8Array) => b64url(bytes);
  const good = () => newSubscriber();
  const offCurve = point(
    Buffer.concat([Buffer.from([4]), Buffer.alloc(32, 1), Buffer.alloc(32, 2)]),
  );

  it.each([
    ['p256dh not base64url', { p256dh: '+/+/not*base64', auth: good().auth }, 'keys.p256dh'],
    ['p256dh of 64 bytes', { p256dh: point(randomBytes(64)), auth: good().auth }, 'keys.p256dh'],
    [
      'p256dh compressed',
      { p256dh: point(Buffer.concat([Buffer.from([2]), randomBytes(32)])), auth: good().auth },
      'keys.p256dh',
    ],
    ['p256dh off the curve', { p256dh: offCurve, auth: good().auth }, 'keys.p256dh'],
    ['auth of 15 bytes', { p256dh: good().p256dh, auth: point(randomBytes(15)) }, 'keys.auth'],
    ['auth not base64url', { p256dh: good().p256dh, auth: '!!!!!!!!!!!!!!!!!!!!!!' }, 'keys.auth'],
    ['no auth', { p256dh: good().p256dh }, 'keys.auth'],
  ])('refuses %s with 400', async (_what, keys, field) => {
    const me = await person(t);
    const res = await call(t, 'POST', URL, {
      as: me,
      body: { endpoint: receiver.endpoint(), keys },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual([field]);
    if (field === 'keys.p256dh' && keys.p256dh !== '+/+/not*base64') {
      expect(errors[field]).toEqual([PUSH_P256DH_INVALID]);
    }
    if (field === 'keys.auth' && 'auth' in keys) expect(errors[field]).toEqual([PUSH_AUTH_INVALID]);
    expect(await list(me)).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['an array', []],
    ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }],
    ['an endpoint too long', { endpoint: `https://fcm.googleapis.com/${'x'.repeat(3000)}` }],
  ])('refuses %s with 400', async (_what, body) => {
    const me = await person(t);
    const res = await call(t, 'POST', URL, { as: me, body });
    expect(res.statusCode).toBe(400);
  });
});
