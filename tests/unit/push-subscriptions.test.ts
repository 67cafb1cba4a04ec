import { describe, expect, it } from 'vitest';
import { pushSubscriptionRequest } from '../../src/api/push-schemas';
import {
  decidePushEndpoint,
  decidePushSubscription,
  decodeBase64Url,
  isAuthSecret,
  isP256Point,
  isSubscriptionGone,
  KNOWN_PUSH_SERVICES,
  looksLikeP256Point,
  originOf,
  PUSH_AUTH_INVALID,
  PUSH_ENDPOINT_REFUSED,
  PUSH_P256DH_INVALID,
} from '../../src/domain/push-subscriptions';

/**
 * Which push subscriptions are kept (src/domain/push-subscriptions.ts): the endpoint rule that
 * keeps the server from calling any address a client names (SSRF), and the keys RFC 8291 needs.
 */

const b64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A point a browser would send: WebCrypto's P-256 public key, raw (65 bytes, 0x04 first). */
async function realPoint(): Promise<string> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ]);
  return b64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
}

/** 0x04 then 64 bytes of 1s: the right shape, but (x, y) does not satisfy the curve's equation. */
const OFF_CURVE = b64url(Uint8Array.from([0x04, ...new Uint8Array(64).fill(1)]));
const AUTH = b64url(new Uint8Array(16).fill(7));
const FCM = 'https://fcm.googleapis.com/fcm/send/abc';

const refusedEndpoint = {
  ok: false,
  refusal: {
    status: 400,
    title: PUSH_ENDPOINT_REFUSED,
    errors: { endpoint: [PUSH_ENDPOINT_REFUSED] },
  },
};

describe('decidePushEndpoint: only push services, so the server never calls an address a client chose', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/x',
    'https://android.googleapis.com/gcm/send/x',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
    'https://push.services.mozilla.com/x',
    'https://web.push.apple.com/x',
    'https://push.apple.com/x',
    'https://wns2-db5p.notify.windows.com/w/?token=x',
  ])('accepts the known push service %s', (endpoint) => {
    expect(decidePushEndpoint(endpoint, [])).toEqual({ ok: true, value: endpoint });
  });

  it.each([
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['a host that is no push service', 'https://example.com/x'],
    ['loopback', 'https://127.0.0.1/x'],
    ['a known service on another port', 'https://fcm.googleapis.com:8443/x'],
    ['a known service over plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['another scheme', 'ftp://fcm.googleapis.com/x'],
    ['a subdomain of a service that hands out none', 'https://evil.fcm.googleapis.com/x'],
    ['a look-alike host ending in a service name', 'https://fcm.googleapis.com.example.com/x'],
    ['a host that ends with a service name without the dot', 'https://evilpush.apple.com/x'],
    ['a user name in the URL', 'https://user@fcm.googleapis.com/fcm/send/x'],
    ['a password in the URL', 'https://:pw@fcm.googleapis.com/fcm/send/x'],
    ['user and password in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/x'],
    ['text that is not a URL', 'not a url'],
    ['a relative path', '/fcm/send/x'],
    ['nothing', ''],
  ])('refuses %s with 400 on endpoint', (_, endpoint) => {
    expect(decidePushEndpoint(endpoint, [])).toEqual(refusedEndpoint);
  });

  it('keeps the endpoint as the URL parser writes it (case, default port): one row per device', () => {
    expect(decidePushEndpoint('HTTPS://FCM.GoogleAPIs.com:443/fcm/send/x', [])).toEqual({
      ok: true,
      value: 'https://fcm.googleapis.com/fcm/send/x',
    });
  });

  it('accepts any scheme and port on an origin the deployment lists, and only on it', () => {
    const allowed = ['http://127.0.0.1:9000'];
    expect(decidePushEndpoint('http://127.0.0.1:9000/push/1', allowed)).toEqual({
      ok: true,
      value: 'http://127.0.0.1:9000/push/1',
    });
    expect(decidePushEndpoint('http://127.0.0.1:9001/push/1', allowed)).toEqual(refusedEndpoint);
    expect(decidePushEndpoint('https://127.0.0.1:9000/push/1', allowed)).toEqual(refusedEndpoint);
    // Without the setting the same address is refused.
    expect(decidePushEndpoint('http://127.0.0.1:9000/push/1', [])).toEqual(refusedEndpoint);
  });

  it('refuses credentials even on a listed origin', () => {
    const allowed = ['http://127.0.0.1:9000'];
    expect(decidePushEndpoint('http://u:p@127.0.0.1:9000/push/1', allowed)).toEqual(
      refusedEndpoint,
    );
  });

  it('lists the push services of every browser, with subdomains only where they hand them out', () => {
    expect(KNOWN_PUSH_SERVICES.map((s) => [s.host, s.subdomains])).toEqual([
      ['fcm.googleapis.com', false],
      ['android.googleapis.com', false],
      ['push.services.mozilla.com', true],
      ['push.apple.com', true],
      ['notify.windows.com', true],
    ]);
  });
});

describe('originOf: an origin as PUSH_ALLOWED_ORIGINS lists it', () => {
  it('reads an origin, trimmed, without path, default port dropped', () => {
    expect(originOf(' http://127.0.0.1:9000 ')).toBe('http://127.0.0.1:9000');
    expect(originOf('https://push.example.org:443/path?q')).toBe('https://push.example.org');
  });

  it('is null for junk and for URLs that have no origin', () => {
    expect(originOf('not a url')).toBeNull();
    expect(originOf('')).toBeNull();
    expect(originOf('data:text/plain,hello')).toBeNull();
  });
});

describe('decodeBase64Url: the keys as PushSubscription.toJSON writes them', () => {
  it('reads the URL-safe alphabet, with or without padding', () => {
    expect(Array.from(decodeBase64Url('-_8') ?? [])).toEqual([0xfb, 0xff]);
    expect(Array.from(decodeBase64Url('-_8=') ?? [])).toEqual([0xfb, 0xff]);
    expect(Array.from(decodeBase64Url('AQ') ?? [])).toEqual([1]);
    expect(Array.from(decodeBase64Url('AQ==') ?? [])).toEqual([1]);
    expect(decodeBase64Url('')?.length).toBe(0);
  });

  it('refuses the standard alphabet, spaces, too much padding and impossible lengths', () => {
    expect(decodeBase64Url('+/8')).toBeNull();
    expect(decodeBase64Url('AQ ID')).toBeNull();
    expect(decodeBase64Url('AQ===')).toBeNull();
    expect(decodeBase64Url('A=Q')).toBeNull();
    // 4n+1 characters cannot come from any bytes.
    expect(decodeBase64Url('AQIDB')).toBeNull();
  });
});

describe('the keys', () => {
  it('looksLikeP256Point: 65 bytes starting 0x04, and nothing else', async () => {
    expect(looksLikeP256Point(await realPoint())).toBe(true);
    expect(looksLikeP256Point(OFF_CURVE)).toBe(true); // the shape only; the curve is checked later
    expect(looksLikeP256Point(b64url(new Uint8Array(64).fill(4)))).toBe(false);
    expect(looksLikeP256Point(b64url(new Uint8Array(66).fill(4)))).toBe(false);
    expect(looksLikeP256Point(b64url(Uint8Array.from([0x03, ...new Uint8Array(64)])))).toBe(false);
    expect(looksLikeP256Point('not+base64url/')).toBe(false);
  });

  it('isAuthSecret: exactly 16 bytes of base64url', () => {
    expect(isAuthSecret(AUTH)).toBe(true);
    expect(isAuthSecret(b64url(new Uint8Array(15)))).toBe(false);
    expect(isAuthSecret(b64url(new Uint8Array(17)))).toBe(false);
    expect(isAuthSecret('!!!!!!!!!!!!!!!!!!!!!!')).toBe(false);
  });

  it('isP256Point: a real point is on the curve; an off-curve one, a compressed one and junk are not', async () => {
    expect(await isP256Point(await realPoint())).toBe(true);
    expect(await isP256Point(OFF_CURVE)).toBe(false);
    // The x of a real point with the compressed prefix: 33 bytes, not what RFC 8291 sends.
    const real = decodeBase64Url(await realPoint()) ?? new Uint8Array();
    expect(await isP256Point(b64url(Uint8Array.from([0x02, ...real.slice(1, 33)])))).toBe(false);
    expect(await isP256Point(b64url(Uint8Array.from([0x05, ...real.slice(1)])))).toBe(false);
    expect(await isP256Point('***')).toBe(false);
  });

  it('the request schema checks both encodings and lengths, each on its field', () => {
    const ok = { endpoint: FCM, keys: { p256dh: OFF_CURVE, auth: AUTH } };
    expect(pushSubscriptionRequest.safeParse(ok).success).toBe(true);
    const badKey = pushSubscriptionRequest.safeParse({ ...ok, keys: { ...ok.keys, p256dh: 'x' } });
    expect(badKey.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['keys.p256dh', PUSH_P256DH_INVALID],
    ]);
    const badAuth = pushSubscriptionRequest.safeParse({ ...ok, keys: { ...ok.keys, auth: 'x' } });
    expect(badAuth.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['keys.auth', PUSH_AUTH_INVALID],
    ]);
  });
});

describe('decidePushSubscription: the endpoint, then the curve', () => {
  it('keeps a subscription with a known endpoint and a real point, endpoint as parsed', async () => {
    const p256dh = await realPoint();
    expect(
      await decidePushSubscription(
        { endpoint: 'https://FCM.googleapis.com/x', keys: { p256dh, auth: AUTH } },
        [],
      ),
    ).toEqual({
      ok: true,
      value: { endpoint: 'https://fcm.googleapis.com/x', p256dh, auth: AUTH },
    });
  });

  it('refuses an off-curve key with 400 on keys.p256dh', async () => {
    expect(
      await decidePushSubscription({ endpoint: FCM, keys: { p256dh: OFF_CURVE, auth: AUTH } }, []),
    ).toEqual({
      ok: false,
      refusal: {
        status: 400,
        title: PUSH_P256DH_INVALID,
        errors: { 'keys.p256dh': [PUSH_P256DH_INVALID] },
      },
    });
  });

  it('answers the endpoint first when both are wrong', async () => {
    expect(
      await decidePushSubscription(
        { endpoint: 'https://example.com/x', keys: { p256dh: OFF_CURVE, auth: AUTH } },
        [],
      ),
    ).toEqual(refusedEndpoint);
  });

  it('takes the allowed origins it is given', async () => {
    const p256dh = await realPoint();
    const request = { endpoint: 'http://127.0.0.1:9000/push/1', keys: { p256dh, auth: AUTH } };
    expect((await decidePushSubscription(request, ['http://127.0.0.1:9000'])).ok).toBe(true);
    expect(await decidePushSubscription(request, [])).toEqual(refusedEndpoint);
  });
});

describe('isSubscriptionGone: which push service answers end a subscription', () => {
  it.each([404, 410])('%i: gone for good (RFC 8030), the subscription is deleted', (status) => {
    expect(isSubscriptionGone(status)).toBe(true);
  });

  it.each([200, 201, 400, 401, 403, 413, 429, 500, 502, 503])(
    '%i: not gone (sent, or worth another try, or our fault)',
    (status) => {
      expect(isSubscriptionGone(status)).toBe(false);
    },
  );
});
