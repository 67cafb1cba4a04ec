import { afterEach, describe, expect, it } from 'vitest';
import { pushPublicKey, pushSubscriptionList } from '../../src/api/push-schemas';
import {
  decodeBase64Url,
  isP256Point,
  PUSH_AUTH_INVALID,
  PUSH_ENDPOINT_REFUSED,
  PUSH_P256DH_INVALID,
} from '../../src/domain/push-subscriptions';
import { DIGEST_PROBLEMS } from '../../src/domain/email-digest';

import {
  createPushSubscription,
  createUser,
  publishTermsVersion,
} from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { setPersistence } from '../../mocks/store/persistence';
import type { MockDb } from '../../mocks/store/tables';
import { api, ORIGIN, setupMockBackend, type Json } from './mock-backend';

const UNSUBSCRIBE_TOKEN_INVALID = DIGEST_PROBLEMS.unsubscribeLinkInvalid.title;

setupMockBackend();

/** The mock's /api/push/* answers as the server's (tests/server/push-subscriptions.test.ts). */

const b64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Keys as a browser makes them: a real P-256 point (ECDH, raw) and a 16-byte secret. */
async function browserKeys(): Promise<{ p256dh: string; auth: string }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ]);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { p256dh: b64url(raw), auth: b64url(crypto.getRandomValues(new Uint8Array(16))) };
}

const FCM = 'https://fcm.googleapis.com/fcm/send/device-1';

async function subscription(endpoint = FCM): Promise<Json> {
  return { endpoint, keys: await browserKeys() };
}

const subscribe = (token: string | null, body: unknown) =>
  api('POST', '/api/push/subscriptions', { token, body });
const list = (token: string | null) => api('GET', '/api/push/subscriptions', { token });
const remove = (token: string | null, id: number | string) =>
  api('DELETE', `/api/push/subscriptions/${id}`, { token });

describe('the push public key (mock backend)', () => {
  it('is a 65-byte uncompressed P-256 point in base64url, the same on every ask, signed in or not', async () => {
    const first = await api('GET', '/api/push/public-key');
    expect(first.status).toBe(200);
    const { publicKey } = pushPublicKey.parse(first.json);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = decodeBase64Url(publicKey);
    expect(bytes?.length).toBe(65);
    expect(bytes?.[0]).toBe(0x04);
    expect(await isP256Point(publicKey)).toBe(true);

    const { token } = createUser({ username: 'alice' });
    const second = await api('GET', '/api/push/public-key', { token });
    expect(second.json).toEqual({ publicKey });
    expect(getDb().pushPublicKey).toBe(publicKey);
  });

  it('is one key when two first asks come at once', async () => {
    const [a, b] = await Promise.all([
      api('GET', '/api/push/public-key'),
      api('GET', '/api/push/public-key'),
    ]);
    expect(a.json.publicKey).toBe(b.json.publicKey);
    expect((await api('GET', '/api/push/public-key')).json.publicKey).toBe(a.json.publicKey);
  });

  it('answers 401 to a token sent but unknown, as every optional sign-in does', async () => {
    const r = await api('GET', '/api/push/public-key', { token: 'mock-token-0-forged' });
    expect(r.status).toBe(401);
  });
});

describe('push subscriptions (mock backend)', () => {
  it('keeps a new endpoint (201) and the same endpoint again under the same id (200, new keys)', async () => {
    const { token } = createUser({ username: 'alice' });
    const body = await subscription();
    const created = await subscribe(token, body);
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(Number) });

    const newKeys = await browserKeys();
    const again = await subscribe(token, { ...body, keys: newKeys, expirationTime: null });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ id: created.json.id });
    expect(getDb().pushSubscriptions).toHaveLength(1);
    expect(getDb().pushSubscriptions[0]).toMatchObject({
      endpoint: FCM,
      p256dh: newKeys.p256dh,
      auth: newKeys.auth,
    });
  });

  it("lists the caller's own devices, oldest first, as { id, createTMS }", async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    const phone = await subscribe(alice.token, await subscription(`${FCM}-phone`));
    await subscribe(bob.token, await subscription(`${FCM}-bob`));
    const laptop = await subscribe(
      alice.token,
      await subscription('https://updates.push.services.mozilla.com/wpush/v2/laptop'),
    );

    const r = await list(alice.token);
    expect(r.status).toBe(200);
    const items = pushSubscriptionList.parse(r.json);
    expect(items.map((s) => s.id)).toEqual([phone.json.id, laptop.json.id]);
    for (const item of r.json) expect(Object.keys(item).sort()).toEqual(['createTMS', 'id']);
    expect(Date.parse(items[0]?.createTMS ?? '')).toBeLessThanOrEqual(
      Date.parse(items[1]?.createTMS ?? ''),
    );
    expect((await list(bob.token)).json).toHaveLength(1);
  });

  it('an endpoint another person had moves to the caller as a new device: 201, a new id', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    const body = await subscription();
    const hers = await subscribe(alice.token, body);
    // As any new subscription: nothing says the endpoint was known, or whose it was.
    const his = await subscribe(bob.token, { ...body, keys: await browserKeys() });
    expect(his.status).toBe(201);
    expect(his.json.id).not.toBe(hers.json.id);
    expect((await list(alice.token)).json).toEqual([]);
    expect((await list(bob.token)).json.map((s: Json) => s.id)).toEqual([his.json.id]);
    const again = await subscribe(bob.token, { ...body, keys: await browserKeys() });
    expect([again.status, again.json]).toEqual([200, { id: his.json.id }]);
  });

  it('holds at most 10 devices per account: the 11th ends the oldest, and only the caller’s', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    const bobs = await subscribe(bob.token, await subscription(`${FCM}-bob`));
    const endpoints = Array.from({ length: 12 }, (_, i) => `${FCM}-alice-${i}`);
    const ids: number[] = [];
    for (const endpoint of endpoints) {
      const res = await subscribe(alice.token, await subscription(endpoint));
      expect(res.status).toBe(201);
      ids.push(res.json.id as number);
    }
    const listed = async (token: string) =>
      (await list(token)).json.map((s: Json) => s.id) as number[];
    expect(await listed(alice.token)).toEqual(ids.slice(2));
    // The oldest kept, sent again, is the same device: 200, and it ends none.
    const again = await subscribe(alice.token, await subscription(endpoints[2]));
    expect([again.status, again.json]).toEqual([200, { id: ids[2] }]);
    expect(await listed(alice.token)).toEqual(ids.slice(2));
    expect(await listed(bob.token)).toEqual([bobs.json.id]);
  });

  it("deletes the caller's own (204); another's, an unknown or a deleted id is 404 and nothing changes", async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    const hers = (await subscribe(alice.token, await subscription(`${FCM}-a`))).json.id;
    const his = (await subscribe(bob.token, await subscription(`${FCM}-b`))).json.id;

    const theirs = await remove(alice.token, his);
    expect(theirs.status).toBe(404);
    expect((await list(bob.token)).json.map((s: Json) => s.id)).toEqual([his]);
    expect((await remove(alice.token, 999_999)).status).toBe(404);

    expect((await remove(alice.token, hers)).status).toBe(204);
    expect((await list(alice.token)).json).toEqual([]);
    expect((await remove(alice.token, hers)).status).toBe(404);

    const notAnId = await remove(alice.token, 'abc');
    expect(notAnId.status).toBe(400);
    expect(notAnId.json.title).toBe('The path parameters are invalid');
  });

  it('needs a token (401) on every subscription call, and an unknown one is 401 too', async () => {
    const { token } = createUser({ username: 'alice' });
    const id = (await subscribe(token, await subscription())).json.id;
    expect((await subscribe(null, await subscription(`${FCM}-2`))).status).toBe(401);
    expect((await list(null)).status).toBe(401);
    expect((await remove(null, id)).status).toBe(401);
    expect((await list('mock-token-0-forged')).status).toBe(401);
    expect(getDb().pushSubscriptions).toHaveLength(1);
  });

  it('validates the body before asking who calls (400 before 401), as the server does', async () => {
    const r = await subscribe(null, { endpoint: FCM });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.errors)).toEqual(['keys']);
  });

  it('is open while new terms wait for acceptance, as the preferences are', async () => {
    const { token } = createUser({ username: 'alice' });
    publishTermsVersion('2.0');
    expect((await subscribe(token, await subscription())).status).toBe(201);
    expect((await list(token)).status).toBe(200);
  });

  it.each([
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['a host that is no push service', 'https://example.com/x'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/x'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/x'],
    ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/x'],
    ['a look-alike host', 'https://fcm.googleapis.com.example.com/x'],
    ['not a URL', 'not a url'],
  ])('refuses %s with 400 on endpoint, and keeps nothing', async (_, endpoint) => {
    const { token } = createUser({ username: 'alice' });
    const r = await subscribe(token, await subscription(endpoint));
    expect(r.status).toBe(400);
    expect(r.json.title).toBe(PUSH_ENDPOINT_REFUSED);
    expect(r.json.errors).toEqual({ endpoint: [PUSH_ENDPOINT_REFUSED] });
    expect(getDb().pushSubscriptions).toEqual([]);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/x',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/x',
    'https://wns2-db5p.notify.windows.com/w/?token=x',
  ])('accepts the known push service %s', async (endpoint) => {
    const { token } = createUser({ username: 'alice' });
    const r = await subscribe(token, await subscription(endpoint));
    expect(r.status).toBe(201);
    expect(getDb().pushSubscriptions.map((s) => s.endpoint)).toEqual([endpoint]);
  });

  it('refuses bad keys with 400 on the key at fault', async () => {
    const { token } = createUser({ username: 'alice' });
    const good = await browserKeys();
    const offCurve = b64url(Uint8Array.from([0x04, ...new Uint8Array(64).fill(1)]));
    expect(await isP256Point(offCurve)).toBe(false);
    const cases: [string, { p256dh: string; auth: string }, string, string][] = [
      [
        'not base64url',
        { ...good, p256dh: `${good.p256dh.slice(0, -2)}+/` },
        'keys.p256dh',
        PUSH_P256DH_INVALID,
      ],
      [
        '64 bytes',
        { ...good, p256dh: b64url(new Uint8Array(64).fill(4)) },
        'keys.p256dh',
        PUSH_P256DH_INVALID,
      ],
      ['a point off the curve', { ...good, p256dh: offCurve }, 'keys.p256dh', PUSH_P256DH_INVALID],
      [
        'auth of 15 bytes',
        { ...good, auth: b64url(new Uint8Array(15)) },
        'keys.auth',
        PUSH_AUTH_INVALID,
      ],
      [
        'auth not base64url',
        { ...good, auth: '!!!!!!!!!!!!!!!!!!!!!!' },
        'keys.auth',
        PUSH_AUTH_INVALID,
      ],
    ];
    for (const [what, keys, field, message] of cases) {
      const r = await subscribe(token, { endpoint: FCM, keys });
      expect({ what, status: r.status, errors: r.json.errors }).toEqual({
        what,
        status: 400,
        errors: { [field]: [message] },
      });
    }
    expect(getDb().pushSubscriptions).toEqual([]);
  });

  it('answers 400, never a 5xx, to bodies that are not a subscription', async () => {
    const { token } = createUser({ username: 'alice' });
    for (const body of [null, [], 'x', { endpoint: 7, keys: {} }, { endpoint: '', keys: null }]) {
      expect((await subscribe(token, body)).status).toBe(400);
    }
    const raw = await api('POST', '/api/push/subscriptions', { token, rawBody: '{"endpoint":' });
    expect(raw.status).toBe(400);
    const long = await subscribe(token, await subscription(`${FCM}/${'x'.repeat(2100)}`));
    expect(long.status).toBe(400);
    expect(Object.keys(long.json.errors)).toEqual(['endpoint']);
  });

  it("erasing the account removes the person's subscriptions, and only theirs", async () => {
    const alice = createUser({ username: 'alice', password: 'alice-pass' });
    const bob = createUser({ username: 'bob' });
    await subscribe(alice.token, await subscription(`${FCM}-a1`));
    await subscribe(alice.token, await subscription(`${FCM}-a2`));
    const his = await subscribe(bob.token, await subscription(`${FCM}-b`));

    const erased = await api('DELETE', '/api/account', {
      token: alice.token,
      body: { password: 'alice-pass' },
    });
    expect(erased.status).toBe(204);
    expect(getDb().pushSubscriptions.map((s) => s.id)).toEqual([his.json.id]);
  });
});

describe('the digest unsubscribe link (mock backend)', () => {
  it('refuses every token with 400 as the server refuses a forged one: the mock signed none', async () => {
    const r = await api('POST', '/api/email/unsubscribe?token=1.forged');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      title: 'This unsubscribe link is not valid',
      detail: 'Use the link of a digest email as it came, or turn the digest off in Settings.',
    });
    expect(r.json.title).toBe(UNSUBSCRIBE_TOKEN_INVALID);
  });

  it("takes a mail client's one-click form body, and any query name case, without another error", async () => {
    const r = await fetch(`${ORIGIN}/api/email/unsubscribe?Token=1.forged`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as Json).title).toBe(UNSUBSCRIBE_TOKEN_INVALID);
  });

  it('says the token is missing on its field', async () => {
    const r = await api('POST', '/api/email/unsubscribe');
    expect(r.status).toBe(400);
    expect(r.json.title).toBe('The query parameters are invalid');
    expect(Object.keys(r.json.errors)).toEqual(['token']);
  });
});

describe('push in the demo copy', () => {
  let saved: string | null = null;
  const persistence = {
    load: () => (saved === null ? null : (JSON.parse(saved) as MockDb)),
    save: (db: MockDb) => {
      saved = JSON.stringify(db);
    },
  };
  afterEach(() => {
    setPersistence(null);
    saved = null;
  });

  it('keeps the key and the devices across a reload', async () => {
    setPersistence(persistence);
    const { token } = createUser({ username: 'alice' });
    const key = (await api('GET', '/api/push/public-key')).json.publicKey;
    const id = (await subscribe(token, await subscription())).json.id;
    const stored = JSON.parse(saved ?? 'null') as MockDb;
    expect(stored.pushPublicKey).toBe(key);
    expect(stored.pushSubscriptions.map((s) => s.id)).toEqual([id]);
    expect((await api('GET', '/api/push/public-key')).json.publicKey).toBe(key);
    expect((await list(token)).json.map((s: Json) => s.id)).toEqual([id]);
  });

  it('loads a copy saved before push existed: no devices, and a key made at the first ask', async () => {
    setPersistence(persistence);
    const { user, token } = createUser({ username: 'alice' });
    createPushSubscription({ userId: user.id });
    const old = JSON.parse(saved ?? 'null') as MockDb;
    delete (old as Partial<MockDb>).pushSubscriptions;
    delete (old as Partial<MockDb>).pushPublicKey;
    saved = JSON.stringify(old);

    expect((await list(token)).json).toEqual([]);
    const key = await api('GET', '/api/push/public-key');
    expect(key.status).toBe(200);
    expect(await isP256Point(key.json.publicKey)).toBe(true);
    expect((await subscribe(token, await subscription())).status).toBe(201);
    expect((await list(token)).json).toHaveLength(1);
  });
});
