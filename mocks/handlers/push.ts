import { HttpResponse } from 'msw';
import { HTTP_PROBLEMS } from '../../src/api/http-problems';
import { ApiProblem, settle } from '../../src/api/problem';
import {
  digestUnsubscribeQuery,
  pushSubscriptionIdParams,
  pushSubscriptionRequest,
  type PushPublicKey,
  type PushSubscriptionSaved,
  type PushSubscriptionSummary,
} from '../../src/api/push-schemas';
import { decidePushDeviceSave } from '../../src/domain/push-devices';
import { decidePushSubscription } from '../../src/domain/push-subscriptions';
import { DIGEST_PROBLEMS } from '../../src/domain/email-digest';
import { noContent, optionalUser, readBody, readId, readQuery, requireUser, route } from '../http';
import { getDb, nextId } from '../store/db';
import { now } from '../store/clock';
import type { StoredPushSubscription } from '../store/tables';

/**
 * /api/push/* and the digest's unsubscribe link (api-contract.md "Reach them when the app is
 * closed"), answered as server/modules/push does, so the demo's settings work. The mock sends no
 * push messages and no emails: a subscription is kept and listed, nothing ever reaches it.
 *
 * Guarded as /api/account/preferences: signed in, and open while the terms wait for acceptance (a
 * device concerns the account, not what others read).
 */

/**
 * No endpoint origin beyond the known push services: the mock has no PUSH_ALLOWED_ORIGINS
 * setting, so it answers as a deployment that lists none.
 */
const ALLOWED_ORIGINS: readonly string[] = [];

/**
 * The mock sends no digests, so no unsubscribe link it could check exists: every token is one it
 * did not sign, and is told what the server tells a forged one.
 */

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The store's VAPID application server key, made at the first ask. A browser needs a real point
 * to subscribe with (PushManager.subscribe checks it), so it is one WebCrypto made; the private
 * half is dropped because the mock never signs a push message.
 */
async function pushPublicKey(): Promise<string> {
  const kept = getDb().pushPublicKey;
  if (kept !== null) return kept;
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  // Two first asks at once both made one: the first kept wins, so every caller sees one key.
  const db = getDb();
  db.pushPublicKey ??= toBase64Url(raw);
  return db.pushPublicKey;
}

function toSummary(s: StoredPushSubscription): PushSubscriptionSummary {
  return { id: s.id, createTMS: s.createTMS };
}

export const pushHandlers = [
  route('get', '/api/push/public-key', async ({ request }) => {
    // Signing in is optional, but a token sent and unknown is 401 as everywhere.
    optionalUser(request);
    return HttpResponse.json<PushPublicKey>({ publicKey: await pushPublicKey() });
  }),

  route('post', '/api/push/subscriptions', async ({ request }) => {
    const input = await readBody(request, pushSubscriptionRequest);
    const userId = requireUser(request);
    const accepted = settle(await decidePushSubscription(input, ALLOWED_ORIGINS));
    const db = getDb();
    const time = now();
    const kept = db.pushSubscriptions.find((s) => s.endpoint === accepted.endpoint);
    const decided = decidePushDeviceSave({
      callerId: userId,
      kept,
      ownIds: db.pushSubscriptions.filter((s) => s.userId === userId).map((s) => s.id),
    });
    // Devices that end: the caller's oldest beyond the limit, and another account's of this
    // endpoint (one browser profile is one person's at a time).
    const ending = new Set(
      decided.kind === 'renew' ? decided.ends : [...decided.ends, decided.replaces],
    );
    db.pushSubscriptions = db.pushSubscriptions.filter((s) => !ending.has(s.id));
    if (decided.kind === 'renew') {
      // The same device: the browser made new keys (or sent the same ones).
      db.pushSubscriptions = db.pushSubscriptions.map((s) =>
        s.id === decided.id
          ? { ...s, p256dh: accepted.p256dh, auth: accepted.auth, updateTMS: time }
          : s,
      );
      return HttpResponse.json<PushSubscriptionSaved>({ id: decided.id }, { status: 200 });
    }
    const subscription: StoredPushSubscription = {
      id: nextId(),
      userId,
      ...accepted,
      createTMS: time,
      updateTMS: time,
    };
    db.pushSubscriptions.push(subscription);
    return HttpResponse.json<PushSubscriptionSaved>({ id: subscription.id }, { status: 201 });
  }),

  route('get', '/api/push/subscriptions', ({ request }) => {
    const userId = requireUser(request);
    const mine = getDb()
      .pushSubscriptions.filter((s) => s.userId === userId)
      .sort((a, b) => a.id - b.id);
    return HttpResponse.json<PushSubscriptionSummary[]>(mine.map(toSummary));
  }),

  route('delete', '/api/push/subscriptions/:id', ({ request, params }) => {
    const id = readId(params, pushSubscriptionIdParams);
    const userId = requireUser(request);
    const db = getDb();
    // Another person's device is as unknown as one that never existed.
    if (!db.pushSubscriptions.some((s) => s.id === id && s.userId === userId)) {
      throw ApiProblem.of(HTTP_PROBLEMS.notFound);
    }
    db.pushSubscriptions = db.pushSubscriptions.filter((s) => s.id !== id);
    return noContent();
  }),

  // RFC 8058 one-click unsubscribe: no sign-in, any body (never read). The query is read as the
  // server reads it (a missing token is 400 on `token`); then, having sent no digest, the mock
  // signed no token.
  route('post', '/api/email/unsubscribe', ({ request }) => {
    readQuery(request, digestUnsubscribeQuery);
    throw ApiProblem.of(DIGEST_PROBLEMS.unsubscribeLinkInvalid);
  }),
];
