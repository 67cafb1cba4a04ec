import { allow, refuse, type Decision, type Refusal } from './decision';

/**
 * Which push subscriptions the server keeps (contract: "Reach them when the app is closed"). The
 * server sends a request to every subscription's endpoint, so an endpoint a client chose freely
 * would let anyone make the server call any address (SSRF): only the push services browsers use,
 * over https on the default port, or an origin the deployment lists in PUSH_ALLOWED_ORIGINS (a
 * self-hosted push service, or the tests' local one). The keys must be what RFC 8291 encrypts to.
 */

export const PUSH_ENDPOINT_REFUSED = 'Must be the address of a push service';
export const PUSH_P256DH_INVALID = 'Must be a P-256 public key (65 bytes, base64url)';
export const PUSH_AUTH_INVALID = 'Must be 16 bytes (base64url)';

/**
 * The push services of today's browsers, by host. `subdomains` when the service hands out
 * endpoints on hosts below it (Firefox's updates.push.services.mozilla.com, Safari's
 * web.push.apple.com, Windows' *.notify.windows.com).
 */
export const KNOWN_PUSH_SERVICES: readonly { host: string; subdomains: boolean }[] = [
  { host: 'fcm.googleapis.com', subdomains: false }, // Chrome, Edge, Opera, Samsung Internet
  { host: 'android.googleapis.com', subdomains: false }, // subscriptions made before FCM
  { host: 'push.services.mozilla.com', subdomains: true }, // Firefox
  { host: 'push.apple.com', subdomains: true }, // Safari
  { host: 'notify.windows.com', subdomains: true }, // Windows
];

const endpointRefused: Refusal = {
  status: 400,
  title: PUSH_ENDPOINT_REFUSED,
  errors: { endpoint: [PUSH_ENDPOINT_REFUSED] },
};

function isKnownPushHost(host: string): boolean {
  return KNOWN_PUSH_SERVICES.some(
    (service) => host === service.host || (service.subdomains && host.endsWith(`.${service.host}`)),
  );
}

/** An origin as the settings list it ("http://127.0.0.1:9000"), compared exactly; junk is none. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * The endpoint to keep (as the URL parser writes it), or 400 on `endpoint`: a listed origin, or
 * https on a known push service's host and default port, never with credentials in the URL.
 */
export function decidePushEndpoint(
  endpoint: string,
  allowedOrigins: readonly string[],
): Decision<string> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refuse(endpointRefused);
  }
  if (url.username !== '' || url.password !== '') return refuse(endpointRefused);
  if (allowedOrigins.includes(url.origin)) return allow(url.href);
  if (url.protocol !== 'https:' || url.port !== '' || !isKnownPushHost(url.hostname)) {
    return refuse(endpointRefused);
  }
  return allow(url.href);
}

/** Base64url (RFC 4648 §5, padding optional, as PushSubscription.toJSON writes it) or null. */
export function decodeBase64Url(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return null;
  const base64 = value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (base64.length % 4 === 1) return null;
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** An uncompressed P-256 point is 0x04 then two 32-byte coordinates. */
export function looksLikeP256Point(value: string): boolean {
  const bytes = decodeBase64Url(value);
  return bytes !== null && bytes.length === 65 && bytes[0] === 4;
}

/** The RFC 8291 authentication secret is 16 bytes. */
export function isAuthSecret(value: string): boolean {
  return decodeBase64Url(value)?.length === 16;
}

/**
 * Whether the point lies on the curve (a point off it cannot be encrypted to). WebCrypto, which
 * the server and the browser's mock backend both have, refuses to import one that does not.
 */
export async function isP256Point(value: string): Promise<boolean> {
  const bytes = decodeBase64Url(value);
  if (bytes === null || bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    await crypto.subtle.importKey('raw', bytes, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
    return true;
  } catch {
    return false;
  }
}

/** A subscription as the server stores it, once every rule above holds. */
export interface AcceptedSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * POST /api/push/subscriptions: the endpoint's rule, then the key on the curve (the schema has
 * checked both keys' encodings and lengths). Async only because WebCrypto is.
 */
export async function decidePushSubscription(
  request: { endpoint: string; keys: { p256dh: string; auth: string } },
  allowedOrigins: readonly string[],
): Promise<Decision<AcceptedSubscription>> {
  const endpoint = decidePushEndpoint(request.endpoint, allowedOrigins);
  if (!endpoint.ok) return endpoint;
  if (!(await isP256Point(request.keys.p256dh))) {
    return refuse({
      status: 400,
      title: PUSH_P256DH_INVALID,
      errors: { 'keys.p256dh': [PUSH_P256DH_INVALID] },
    });
  }
  return allow({ endpoint: endpoint.value, p256dh: request.keys.p256dh, auth: request.keys.auth });
}

/** A push service's answer that means the subscription is gone for good (RFC 8030 §7.3). */
export function isSubscriptionGone(status: number): boolean {
  return status === 404 || status === 410;
}
