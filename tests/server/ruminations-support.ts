import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LightMyRequestResponse as Response } from 'fastify';
import type { Database } from '../../server/db/schema';
import { refreshViewerAudiences } from '../../server/modules/relations/viewer-audiences';
import type { UserRelation } from '../../src/api/relation-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import type { RelationType } from '../../src/domain/relation-types';
import type { RelationState } from '../../src/domain/visibility';
import { authHeader, type TestApp } from './support/test-app';
import { insertActiveUser } from './support/test-users';

/**
 * Shared arrangement for the tests of ruminations, comments, relations and visibility. Users are
 * inserted directly with a signed token (no password hashing), so that suites building hundreds of
 * people stay fast; everything a test asserts on still goes through HTTP.
 */

export interface Person {
  id: number;
  username: string;
  token: string;
}

let counter = 0;

export async function person(
  t: TestApp,
  options: { acceptTerms?: boolean; active?: boolean } = {},
): Promise<Person> {
  counter += 1;
  const username = `p${counter}_${randomBytes(3).toString('hex')}`;
  const { id, token } = await insertActiveUser(t.db, t.app.jwtSecret, { username, ...options });
  return { id, username, token };
}

export interface CallOptions {
  as?: Person | null;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<Response> {
  const headers = { ...(options.as ? authHeader(options.as.token) : {}), ...options.headers };
  return t.app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as never }),
  });
}

/** A relation request through the API (POST /api/UserRelations), pending until decided. */
export async function requestRelation(
  t: TestApp,
  from: Person,
  to: Person,
  relationType: number,
): Promise<UserRelation> {
  const res = await call(t, 'POST', '/api/UserRelations', {
    as: from,
    body: { userId: to.id, relationType },
  });
  if (res.statusCode !== 201) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json<UserRelation>();
}

/** A relation in any state, written straight to the tables (the relation API has its own tests). */
export async function relation(
  db: Kysely<Database>,
  initiator: { id: number },
  receiver: { id: number },
  type: RelationType,
  state: RelationState,
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('user_relations')
    .values({
      type,
      initiator_id: initiator.id,
      receiver_id: receiver.id,
      is_accepted: state === 'accepted' || state === 'deleted' ? 1 : 0,
      is_rejected: state === 'rejected' ? 1 : 0,
      is_deleted: state === 'deleted' ? 1 : 0,
      create_tms: now,
      update_tms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // What the relation service does after each write (viewer-audiences.ts).
  await refreshViewerAudiences(db, initiator.id, receiver.id);
  return row.id;
}

export async function writeRumination(
  t: TestApp,
  author: Person,
  options: { content?: string; audiences?: (string | number)[]; publish?: boolean } = {},
): Promise<Rumination> {
  const res = await call(t, 'POST', '/api/ruminations', {
    as: author,
    body: {
      content: options.content ?? `thought ${randomBytes(4).toString('hex')}`,
      ...(options.audiences ? { audiences: options.audiences } : {}),
      publish: options.publish ?? true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<Rumination>();
}

/** Each person comments "<username> says hi" on the note paired with them, through the API. */
export async function commentOnEach(
  t: TestApp,
  pairs: ReadonlyArray<readonly [Person, Rumination]>,
): Promise<void> {
  for (const [who, note] of pairs) {
    const res = await call(t, 'POST', '/api/comments', {
      as: who,
      body: { ruminationId: note.id, content: `${who.username} says hi` },
    });
    if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  }
}

/** A comment written straight to the table: drafts can hold comments from before unpublishing. */
export async function insertComment(
  db: Kysely<Database>,
  author: { id: number },
  ruminationId: number,
  parentCommentId: number | null = null,
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('comments')
    .values({
      rumination_id: ruminationId,
      parent_comment_id: parentCommentId,
      author_id: author.id,
      content: 'a comment',
      is_deleted: 0,
      create_tms: now,
      update_tms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function idsOf(res: Response): number[] {
  return res.json<{ id: number }[]>().map((r) => r.id);
}
