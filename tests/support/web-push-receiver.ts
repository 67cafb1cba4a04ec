import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service and a browser's side of Web Push, for tests: a subscriber's keys (what
 * PushManager.subscribe makes), a local HTTP push service that keeps what the server sends, and
 * the checks a real push service and browser make: the VAPID signature (RFC 8292) and the
 * aes128gcm decryption (RFC 8291). Written from the RFCs, not with the web-push library the
 * server sends with, so a test of the server is not the library checking itself.
 */

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** A browser's push subscription keys, private half included. */
export interface Subscriber {
  p256dh: string;
  auth: string;
  /** For decryption. */
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

export function newSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret), ecdh, authSecret };
}

/** One request the push service received. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  receivedAt: number;
}

/**
 * RFC 8291 §3.4 and RFC 8188: decrypts one aes128gcm message to its subscriber, throwing if the
 * body was not encrypted to these keys.
 */
export function decryptPush(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not a P-256 point`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const uaPublic = subscriber.ecdh.getPublicKey();
  const ecdhSecret = subscriber.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscriber.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no final-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: the `Authorization: vapid t=<JWT>, k=<key>` header is an ES256 JWT signed by `k`,
 * whose audience is the push service's origin and which expires within 24 hours. Returns the
 * public key and the claims; throws when anything does not hold.
 */
export async function verifyVapid(
  headers: http.IncomingHttpHeaders,
  endpoint: string,
): Promise<{ publicKey: string; subject: string }> {
  const header = headers.authorization ?? '';
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (match === null) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, token = '', key = ''] = match;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 point');
  const publicKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    'ES256',
  );
  const { payload, protectedHeader } = await jwtVerify(token, publicKey, {
    audience: new URL(endpoint).origin,
    algorithms: ['ES256'],
  });
  if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') {
    throw new Error(`typ is ${protectedHeader.typ}`);
  }
  const exp = payload.exp ?? 0;
  if (exp * 1000 > Date.now() + 24 * 60 * 60 * 1000 + 60_000) throw new Error('exp beyond 24 h');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    throw new Error(`sub is ${String(payload.sub)}`);
  }
  return { publicKey: key, subject: payload.sub };
}

export interface PushReceiver {
  /** The origin to list in PUSH_ALLOWED_ORIGINS. */
  origin: string;
  /** A fresh endpoint on this service (one per subscription). */
  endpoint(name?: string): string;
  /** Everything received so far, oldest first. */
  received: ReceivedPush[];
  /** Received for one endpoint. */
  receivedFor(endpoint: string): ReceivedPush[];
  /** The status to answer for an endpoint (default 201), e.g. 410 once a device unsubscribed. */
  answer(endpoint: string, status: number): void;
  /** Resolves once `count` requests have been received for the endpoint (or rejects at timeout). */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** Milliseconds each answer waits (a slow push service). */
  delayMs: number;
  close(): Promise<void>;
}

/** A push service on 127.0.0.1 answering 201 Created (RFC 8030) unless told otherwise. */
export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiters = new Set<() => void>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks),
        receivedAt: Date.now(),
      });
      for (const wake of waiters) wake();
      const status = statuses.get(path) ?? 201;
      setTimeout(() => {
        res.statusCode = status;
        res.end();
      }, receiver.delayMs);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;
  const receiver: PushReceiver = {
    origin,
    delayMs: 0,
    received,
    endpoint: (name) =>
      `${origin}/push/${name ?? 'device'}-${(counter += 1)}-${b64url(randomBytes(6))}`,
    receivedFor: (endpoint) => received.filter((r) => r.path === pathOf(endpoint)),
    answer: (endpoint, status) => statuses.set(pathOf(endpoint), status),
    waitFor: (endpoint, count = 1, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const got = receiver.receivedFor(endpoint);
          if (got.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(got);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `push service: ${receiver.receivedFor(endpoint).length} of ${count} for ${endpoint} after ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
