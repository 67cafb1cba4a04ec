import { rowLimit } from '../../db/row-limit';
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { personColumns } from '../people/person-columns';

/** SQL of user relations. Every read is scoped to relations the caller is part of. */

/** A relation as reads return it: its columns and both sides' names (derived from the select). */
export type RelationRow = RowOf<ReturnType<typeof selectRelations>>;

export interface RelationFilters {
  id?: number | undefined;
  otherUserId?: number | undefined;
  fromTms?: string | undefined;
  toTms?: string | undefined;
  includeDeleted: boolean;
  newestFirst: boolean;
  limit: number;
  offset: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Every relation `userId` is either side of, with both sides' names: the one SELECT behind
 * GET /api/UserRelations and the account export, so the two cannot disagree on a relation's shape.
 */
export function selectRelations(db: Db, userId: number) {
  return db
    .selectFrom('user_relations as ur')
    .innerJoin('users as i', 'i.id', 'ur.initiator_id')
    .innerJoin('users as rc', 'rc.id', 'ur.receiver_id')
    .select([
      'ur.id',
      'ur.type',
      'ur.initiator_id',
      ...personColumns('i', 'initiator'),
      'ur.receiver_id',
      ...personColumns('rc', 'receiver'),
      'ur.is_accepted',
      'ur.is_rejected',
      'ur.is_deleted',
      'ur.create_tms',
    ])
    .where((eb) => eb.or([eb('ur.initiator_id', '=', userId), eb('ur.receiver_id', '=', userId)]));
}

/** One relation, only if `userId` is one of its two sides. */
export async function findRelationOf(
  db: Db,
  id: number,
  userId: number,
): Promise<RelationRow | undefined> {
  return selectRelations(db, userId).where('ur.id', '=', id).executeTakeFirst();
}

export async function listRelationsOf(
  db: Db,
  userId: number,
  f: RelationFilters,
): Promise<RelationRow[]> {
  const order = f.newestFirst ? 'desc' : 'asc';
  return selectRelations(db, userId)
    .$if(f.id !== undefined, (q) => q.where('ur.id', '=', f.id ?? 0))
    .$if(f.otherUserId !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('ur.initiator_id', '=', f.otherUserId ?? 0),
          eb('ur.receiver_id', '=', f.otherUserId ?? 0),
        ]),
      ),
    )
    .$if(f.fromTms !== undefined, (q) => q.where('ur.create_tms', '>=', f.fromTms ?? ''))
    .$if(f.toTms !== undefined, (q) => q.where('ur.create_tms', '<=', f.toTms ?? ''))
    .$if(!f.includeDeleted, (q) => q.where('ur.is_deleted', '=', 0))
    .orderBy('ur.create_tms', order)
    .orderBy('ur.id', order)
    .limit(rowLimit(f.limit))
    .offset(f.offset)
    .execute();
}

/** A pending or accepted, not deleted relation of this type between the two, either direction. */
export async function hasLiveRelation(
  db: Db,
  a: number,
  b: number,
  type: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_relations')
    .select('id')
    .where('type', '=', type)
    .where('is_deleted', '=', 0)
    .where('is_rejected', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('initiator_id', '=', a), eb('receiver_id', '=', b)]),
        eb.and([eb('initiator_id', '=', b), eb('receiver_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Serialises relation writes between the same two people, and answers which of the two accounts
 * are active. SQLite runs one write transaction at a time already; PostgreSQL at READ COMMITTED
 * would let two racing requests both pass the duplicate check, so there the two user rows are
 * locked (in id order, so that no two requests deadlock). The lock also keeps the writer's
 * account from being erased meanwhile, and waits for an erasure in flight: it conflicts with the
 * erasure's own (server/credentials/writer-lock.ts), and a row it waited for is read as the erasure
 * left it. FOR NO KEY UPDATE, not FOR UPDATE: the foreign key checks of other writes (a comment's
 * notification to one of the two) lock the rows FOR KEY SHARE, which FOR UPDATE would wait for
 * and block, and a person's comment notifying someone older, beside their request to that person,
 * deadlocked (found by npm run fuzz).
 */
export async function lockPair(
  trx: Transaction<Database>,
  a: number,
  b: number,
): Promise<ReadonlySet<number>> {
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('id', 'in', [a, b])
    .orderBy('id')
    .$if(trx.getExecutor().adapter instanceof PostgresAdapter, (q) => q.forNoKeyUpdate())
    .execute();
  return new Set(rows.filter((row) => row.is_active === 1).map((row) => row.id));
}

export async function insertRelation(
  db: Db,
  initiatorId: number,
  receiverId: number,
  type: number,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('user_relations')
    .values({
      type,
      initiator_id: initiatorId,
      receiver_id: receiverId,
      is_accepted: 0,
      is_rejected: 0,
      is_deleted: 0,
      create_tms: now,
      update_tms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Accept or reject, only while still pending: a racing second move changes nothing. */
export async function decidePending(
  db: Db,
  id: number,
  accept: boolean,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('user_relations')
    .set(accept ? { is_accepted: 1, update_tms: now } : { is_rejected: 1, update_tms: now })
    .where('id', '=', id)
    .where('is_accepted', '=', 0)
    .where('is_rejected', '=', 0)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Soft delete, only from the state the service checked (pending or accepted). */
export async function softDeleteRelation(
  db: Db,
  id: number,
  fromAccepted: boolean,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('user_relations')
    .set({ is_deleted: 1, update_tms: now })
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('is_rejected', '=', 0)
    .where('is_accepted', '=', fromAccepted ? 1 : 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
