import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse as Response } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_PROBLEMS } from '../../src/api/http-problems';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/api/idempotency-key';
import { createActiveUser, createTestApp, type TestApp } from './support/test-app';
import { raceWritesWithDeletion, type RaceAnswer } from './support/deletion-race';
import { yieldAfterEachQuery } from './support/yield-after-each-query';
import { call, person, writeRumination } from './ruminations-support';

/**
 * api-contract.md "My account": deleting an account and the person's own writes in flight exclude
 * each other. Ten writers of notes, comments and relations keep writing as the person while the
 * account is deleted; afterwards nothing they wrote is left, and no write is acknowledged after the
 * deletion answered. On SQLite and on PostgreSQL (at READ COMMITTED, where the writers run on
 * connections of their own).
 */

const WRITERS = 10;
const ROUNDS = 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ dbPlugins: [yieldAfterEachQuery] });
});
afterAll(() => t.close());

type Kind = 'note' | 'comment' | 'relation';

type Answer = RaceAnswer<Kind>;

/** What is left in the database of the person `userId`, table by table (empty when erased). */
async function leftoversOf(userId: number): Promise<Record<string, unknown[]>> {
  const db = t.db;
  return {
    ruminations: await db
      .selectFrom('ruminations')
      .select(['id', 'content'])
      .where('author_id', '=', userId)
      .execute(),
    // Their comments on other people's notes stay only as erased ones.
    comments: await db
      .selectFrom('comments')
      .select(['id', 'content'])
      .where('author_id', '=', userId)
      .where((eb) => eb.or([eb('is_deleted', '=', 0), eb('content', '!=', '')]))
      .execute(),
    relations: await db
      .selectFrom('user_relations')
      .select('id')
      .where((eb) => eb.or([eb('initiator_id', '=', userId), eb('receiver_id', '=', userId)]))
      .execute(),
    viewerAudiences: await db
      .selectFrom('viewer_audiences')
      .select('viewer_id')
      .where((eb) => eb.or([eb('viewer_id', '=', userId), eb('author_id', '=', userId)]))
      .execute(),
    notifications: await db
      .selectFrom('notifications')
      .select('id')
      .where((eb) => eb.or([eb('recipient_id', '=', userId), eb('actor_id', '=', userId)]))
      .execute(),
    idempotencyKeys: (
      await sql<{
        key: string;
      }>`select key from idempotency_keys where user_id = ${userId}`.execute(db)
    ).rows,
  };
}

/** What a token that opens nothing is answered (request-auth.ts), the challenge included. */
function isUnknownToken(answer: Answer): boolean {
  return (
    answer.status === 401 &&
    answer.title === HTTP_PROBLEMS.invalidToken.title &&
    answer.challenge === 'Bearer error="invalid_token"'
  );
}

/** One account deleted while WRITERS requests of its own keep writing. */
async function deleteWhileWriting(): Promise<{
  userId: number;
  deletion: Response;
  deletedAt: number;
  answers: Answer[];
}> {
  // Someone older than the person: a relation write locks the older of its two rows first.
  const other = await person(t);
  const leaver = await createActiveUser(t.app);
  const othersNote = await writeRumination(t, other, { publish: true });
  const ownNote = await writeRumination(t, leaver);

  async function write(writer: number, n: number): Promise<{ kind: Kind; res: Response }> {
    // Half of the notes and comments carry an Idempotency-Key, as the offline queue sends them.
    const headers = writer % 2 === 0 ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : undefined;
    switch (writer % 3) {
      case 0:
        return {
          kind: 'note',
          res: await call(t, 'POST', '/api/ruminations', {
            as: leaver,
            headers,
            body: { content: `a note written at ${n}`, publish: true },
          }),
        };
      case 1:
        return {
          kind: 'comment',
          res: await call(t, 'POST', '/api/comments', {
            as: leaver,
            headers,
            body: {
              content: `a comment written at ${n}`,
              ruminationId: writer === 1 ? ownNote.id : othersNote.id,
            },
          }),
        };
      default:
        // Most ask the person whose note the comments notify (their row is locked by the relation
        // write and key-share locked by the notification's), one writer someone new each time; a
        // type asked again is a 409.
        return {
          kind: 'relation',
          res: await call(t, 'POST', '/api/UserRelations', {
            as: leaver,
            body: { userId: writer === 2 ? (await person(t)).id : other.id, relationType: n % 6 },
          }),
        };
    }
  }

  // Every writer under way before the deletion starts.
  const race = await raceWritesWithDeletion(t, leaver, {
    writers: WRITERS,
    startAfter: WRITERS * 4,
    write,
  });
  return { userId: leaver.id, ...race };
}

describe('deleting an account while its person writes', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'leaves nothing and acknowledges nothing late (round %i)',
    async () => {
      const { userId, deletion, deletedAt, answers } = await deleteWhileWriting();
      // Writes raced the deletion: some landed before it.
      expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
      expect({
        deletion: deletion.statusCode,
        // Every write is acknowledged, or answered as an unknown token is (the person is gone),
        // or a relation asked twice.
        otherAnswers: answers.filter(
          (a) =>
            a.status !== 201 && !isUnknownToken(a) && !(a.kind === 'relation' && a.status === 409),
        ),
        // None acknowledged after the deletion answered.
        late: answers.filter((a) => a.at > deletedAt && a.status !== 401),
        left: await leftoversOf(userId),
      }).toEqual({
        deletion: 204,
        otherAnswers: [],
        late: [],
        left: {
          ruminations: [],
          comments: [],
          relations: [],
          viewerAudiences: [],
          notifications: [],
          idempotencyKeys: [],
        },
      });
    },
  );
});
