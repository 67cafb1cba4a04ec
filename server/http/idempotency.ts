import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { lockWriter } from '../credentials/writer-lock';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/constraint-violations';
import { ApiProblem, settle } from '../../src/api/problem';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_PROBLEMS,
  idempotencyKeyOf as readKey,
  REPLAYED_HEADER,
  requestFingerprint,
} from '../../src/api/idempotency-key';

/**
 * `Idempotency-Key` on writes (POST/PUT of ruminations and comments). The client makes a key (a
 * UUID) when the person presses Save and sends it with every attempt of that one write, so a write
 * queued offline, or resent after an answer was lost, happens once:
 * - the first request with a key runs, and its 2xx answer is stored with the key (in the same
 *   transaction as the write itself: either both are kept or neither);
 * - a repeat with the same key and the same request answers the stored response (with
 *   `Idempotent-Replayed: true`) and creates nothing;
 * - the same key with another method, path or body answers 422;
 * - a failed request stores nothing, so it may be retried with the same key.
 * Keys belong to a user, so one person's keys never meet another's. Without the header a write
 * behaves as before. Keys are kept for KEY_LIFETIME_MS, longer than the client keeps a queued write.
 */

export const KEY_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The table as Kysely sees it; kept here (not in schema.ts) as only this module touches it. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  create_tms: string;
}

type WithKeys = Database & { idempotency_keys: IdempotencyKeysTable };

/** The key of a request: undefined without the header, 400 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  return settle(readKey((Array.isArray(raw) ? raw[0] : raw) ?? ''));
}

function requestHash(request: FastifyRequest): string {
  const pathname = request.url.split('?')[0] ?? '';
  return createHash('sha256')
    .update(requestFingerprint(request.method, pathname, request.body))
    .digest('hex');
}

const lastCleanup = new WeakMap<object, number>();

/**
 * Drops keys past their lifetime, at most once an hour per instance (an index range delete).
 * Counted per app database: `withTables` makes a new instance on every call.
 */
async function cleanupOldKeys(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  if (now - (lastCleanup.get(db) ?? 0) < CLEANUP_INTERVAL_MS) return;
  lastCleanup.set(db, now);
  await db
    .withTables<{ idempotency_keys: IdempotencyKeysTable }>()
    .deleteFrom('idempotency_keys')
    .where('create_tms', '<', new Date(now - KEY_LIFETIME_MS).toISOString())
    .execute();
}

async function findStored(db: Kysely<WithKeys>, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

function replay(reply: FastifyReply, stored: IdempotencyKeysTable, hash: string): FastifyReply {
  if (stored.request_hash !== hash) throw ApiProblem.of(IDEMPOTENCY_PROBLEMS.reused);
  return reply
    .code(stored.response_status)
    .header(REPLAYED_HEADER.toLowerCase(), 'true')
    .send(JSON.parse(stored.response_body) as unknown);
}

/**
 * Runs a write once per (user, Idempotency-Key) and sends its answer with `status`. `write` gets the
 * database to write through: a transaction that also records the key when a key was sent.
 */
export async function sendIdempotent<T>(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  status: number,
  write: (db: Kysely<Database>) => Promise<T>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return reply.code(status).send(await write(db));

  // Before the write, not after: nothing may stand between its commit and its answer (an account
  // erased in between would see a write of theirs acknowledged after its deletion answered).
  await cleanupOldKeys(db).catch((error: unknown) =>
    request.log.warn({ err: error }, 'Cleanup of old idempotency keys failed'),
  );
  const keysDb = db.withTables<{ idempotency_keys: IdempotencyKeysTable }>();
  const hash = requestHash(request);
  const stored = await findStored(keysDb, userId, key);
  if (stored) return replay(reply, stored, hash);

  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      // The writer's lock comes before any insert (writer-lock.ts says why).
      await lockWriter(trx, userId);
      // Inserted first: a concurrent twin waits on (or collides with) this row, never writes twice.
      const keysTrx = trx.withTables<{ idempotency_keys: IdempotencyKeysTable }>();
      await keysTrx
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          request_hash: hash,
          response_status: status,
          response_body: '',
          create_tms: new Date().toISOString(),
        })
        .execute();
      const written = await write(trx);
      await keysTrx
        .updateTable('idempotency_keys')
        .set({ response_body: JSON.stringify(written) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
      return written;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A twin with the same key committed first: answer what it answered.
    const winner = await findStored(keysDb, userId, key);
    if (!winner) throw error;
    return replay(reply, winner, hash);
  }
  return reply.code(status).send(result);
}
