import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_PROBLEMS } from '../../src/api/http-problems';
import { newSubscriber } from '../support/web-push-receiver';
import { createActiveUser, createTestApp, type TestApp } from './support/test-app';
import { raceWritesWithDeletion, type RaceAnswer } from './support/deletion-race';
import { yieldAfterEachQuery } from './support/yield-after-each-query';
import { call } from './ruminations-support';

/**
 * api-contract.md "My account": every write of the person, accepting the terms, their push
 * subscriptions (made and removed) and their preferences included, excludes the deletion of their
 * account as their notes do (account-erasure-race.test.ts). Writers keep doing each of them while
 * the account is deleted; afterwards nothing of theirs is left, and none was acknowledged after the
 * deletion answered. Then: concurrent first acceptances of the terms keep one row. On SQLite and on
 * PostgreSQL.
 */

const WRITERS = 8;
const ROUNDS = 6;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ dbPlugins: [yieldAfterEachQuery] });
});
afterAll(() => t.close());

type Kind = 'terms' | 'subscribe' | 'unsubscribe' | 'preferences';

type Answer = RaceAnswer<Kind>;

/** A known push service's address: nothing is sent to it here (the leaver is notified of nothing). */
let endpoints = 0;
function newSubscription() {
  endpoints += 1;
  const { p256dh, auth } = newSubscriber();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/erasure-race-${endpoints}`,
    keys: { p256dh, auth },
  };
}

/** What is left in the database of the person `userId` (empty when erased). */
async function leftoversOf(userId: number) {
  return {
    termsAcceptances: await t.db
      .selectFrom('terms_acceptances')
      .select(['version', 'accepted_at'])
      .where('user_id', '=', userId)
      .execute(),
    pushSubscriptions: await t.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint'])
      .where('user_id', '=', userId)
      .execute(),
    preferences: await t.db
      .selectFrom('user_preferences')
      .select(['email_digest'])
      .where('user_id', '=', userId)
      .execute(),
  };
}

/** One account deleted while WRITERS requests of its own keep changing its settings. */
async function deleteWhileWriting() {
  // The terms wait for acceptance: every writer may be the first to accept them.
  const leaver = await createActiveUser(t.app, { acceptTerms: false });
  // The devices each writer made and has not removed yet.
  const owns: number[][] = Array.from({ length: WRITERS }, () => []);
  const as = { id: leaver.id, username: leaver.username, token: leaver.token };

  async function write(writer: number, answered: number): Promise<{ kind: Kind; res: Response }> {
    const own = owns[writer]!;
    switch (writer % 4) {
      case 0:
        return {
          kind: 'terms',
          res: await call(t, 'POST', '/api/TermsOfService/accept', {
            as,
            body: { version: '1.0' },
          }),
        };
      case 1: {
        // Every other turn removes the device it made the turn before.
        const id = own.pop();
        if (id !== undefined) {
          return {
            kind: 'unsubscribe',
            res: await call(t, 'DELETE', `/api/push/subscriptions/${id}`, { as }),
          };
        }
        const res = await call(t, 'POST', '/api/push/subscriptions', {
          as,
          body: newSubscription(),
        });
        if (res.statusCode === 201) own.push(res.json<{ id: number }>().id);
        return { kind: 'subscribe', res };
      }
      case 2:
        return {
          kind: 'subscribe',
          res: await call(t, 'POST', '/api/push/subscriptions', { as, body: newSubscription() }),
        };
      default:
        return {
          kind: 'preferences',
          res: await call(t, 'PUT', '/api/account/preferences', {
            as,
            body: { emailDigest: answered % 2 === 0 ? 'daily' : 'weekly' },
          }),
        };
    }
  }

  // Every writer under way before the deletion starts.
  const race = await raceWritesWithDeletion(t, leaver, {
    writers: WRITERS,
    startAfter: WRITERS * 3,
    write,
  });
  return { userId: leaver.id, ...race };
}

describe('deleting an account while its person accepts terms, manages devices and preferences', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'leaves nothing and acknowledges nothing late (round %i)',
    async () => {
      const { userId, deletion, deletedAt, answers } = await deleteWhileWriting();
      const ok = (a: Answer) => a.status >= 200 && a.status < 300;
      // Writes raced the deletion: some of each kind landed before it.
      for (const kind of ['terms', 'subscribe', 'preferences'] as const) {
        expect(answers.some((a) => a.kind === kind && ok(a))).toBe(true);
      }
      expect({
        deletion: deletion.statusCode,
        // Acknowledged, or answered as an unknown token is (the person is gone); a device removed
        // may have been ended already (404).
        otherAnswers: answers.filter(
          (a) =>
            !ok(a) &&
            !(a.status === 401 && a.title === HTTP_PROBLEMS.invalidToken.title) &&
            !(a.kind === 'unsubscribe' && a.status === 404),
        ),
        late: answers.filter((a) => a.at > deletedAt && ok(a)),
        left: await leftoversOf(userId),
      }).toEqual({
        deletion: 204,
        otherAnswers: [],
        late: [],
        left: { termsAcceptances: [], pushSubscriptions: [], preferences: [] },
      });
    },
  );
});

describe('concurrent first acceptances of the terms', () => {
  it('keep one acceptance, and every answer names its time', async () => {
    for (let round = 0; round < 3; round++) {
      const person = await createActiveUser(t.app, { acceptTerms: false });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(t, 'POST', '/api/TermsOfService/accept', {
            as: { id: person.id, username: person.username, token: person.token },
            body: { version: '1.0' },
          }),
        ),
      );
      const rows = await t.db
        .selectFrom('terms_acceptances')
        .select(['version', 'accepted_at'])
        .where('user_id', '=', person.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
        answers.map(() => [200, { version: '1.0', acceptedAt: rows[0]!.accepted_at }]),
      );
    }
  });
});
