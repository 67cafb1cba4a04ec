import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import {
  sweepTrash,
  TRASH_SWEEP_BATCH,
  TRASH_SWEEP_LOCK_KEY,
} from '../../server/modules/ruminations/trash-retention';
import type { TrashedRumination } from '../../src/api/rumination-schemas';
import { setUpTestApp } from './support/test-app';
import { call, insertComment, person, writeRumination, type Person } from './ruminations-support';

/**
 * The trash's retention (api-contract.md "Trash"): past TRASH_RETENTION_SECONDS a trashed
 * rumination is gone to its author too, at once (before the sweep ran), and the sweep erases it
 * with its comments, revisions and notifications, by one instance at a time.
 */

const RETENTION_SECONDS = 60;
const t = setUpTestApp({ config: { trashRetentionSeconds: RETENTION_SECONDS } });

/** Moves a rumination to the trash `secondsAgo` seconds ago (as if deleted then). */
async function trashedAgo(id: number, secondsAgo: number): Promise<void> {
  await t.db
    .updateTable('ruminations')
    .set({ deleted_tms: new Date(Date.now() - secondsAgo * 1000).toISOString() })
    .where('id', '=', id)
    .execute();
}

async function trashIds(as: Person): Promise<number[]> {
  const res = await call(t, 'GET', '/api/ruminations/trash', { as });
  return res.json<TrashedRumination[]>().map((r) => r.id);
}

/** `count` ruminations of `authorId` deleted long ago, written straight to the table. */
async function insertOldTrash(db: Kysely<Database>, authorId: number, count: number) {
  const long = new Date(Date.now() - 10 * RETENTION_SECONDS * 1000).toISOString();
  await db
    .insertInto('ruminations')
    .values(
      Array.from({ length: count }, () => ({
        author_id: authorId,
        content: 'old',
        is_published: 1,
        audience_mask: 0,
        create_tms: long,
        update_tms: long,
        deleted_tms: long,
      })),
    )
    .execute();
}

async function countTrashed(db: Kysely<Database>, authorId: number): Promise<number> {
  const rows = await db
    .selectFrom('ruminations')
    .select('id')
    .where('author_id', '=', authorId)
    .where('deleted_tms', 'is not', null)
    .execute();
  return rows.length;
}

describe('past the retention', () => {
  it('is gone to its author before the sweep ran: not listed, restore and delete for good 404', async () => {
    const me = await person(t);
    const old = await writeRumination(t, me);
    const recent = await writeRumination(t, me);
    await trashedAgo(old.id, RETENTION_SECONDS + 1);
    await trashedAgo(recent.id, RETENTION_SECONDS - 10);
    expect(await trashIds(me)).toEqual([recent.id]);
    for (const [method, path] of [
      ['POST', 'restore'],
      ['DELETE', 'permanent'],
    ] as const) {
      const res = await call(t, method, `/api/ruminations/${old.id}/${path}`, { as: me });
      expect(res.statusCode, path).toBe(404);
    }
    const restored = await call(t, 'POST', `/api/ruminations/${recent.id}/restore`, { as: me });
    expect(restored.statusCode).toBe(200);
  });

  it('the sweep erases it with comments, revisions and notifications, and keeps the rest', async () => {
    const me = await person(t);
    const friend = await person(t);
    const old = await writeRumination(t, me);
    const recent = await writeRumination(t, me);
    const live = await writeRumination(t, me);
    await call(t, 'PUT', `/api/ruminations/${old.id}`, {
      as: me,
      body: { content: 'edited', publish: true },
    });
    await call(t, 'POST', '/api/comments', {
      as: friend,
      body: { ruminationId: old.id, content: 'a comment' },
    });
    await insertComment(t.db, friend, recent.id);
    await trashedAgo(old.id, RETENTION_SECONDS);
    await trashedAgo(recent.id, 1);

    expect(await sweepTrash(t.db, RETENTION_SECONDS)).toBeGreaterThanOrEqual(1);

    for (const table of ['comments', 'rumination_revisions', 'notifications'] as const) {
      const left = await t.db
        .selectFrom(table)
        .select('id')
        .where('rumination_id', '=', old.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    const rows = await t.db
      .selectFrom('ruminations')
      .select('id')
      .where('author_id', '=', me.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id)).toEqual([recent.id, live.id]);
    expect(await trashIds(me)).toEqual([recent.id]);
    const comments = await t.db
      .selectFrom('comments')
      .select('id')
      .where('rumination_id', '=', recent.id)
      .execute();
    expect(comments).toHaveLength(1);
  });

  it('erases in batches until none is left past the retention', async () => {
    const me = await person(t);
    const count = TRASH_SWEEP_BATCH * 2 + 7;
    await insertOldTrash(t.db, me.id, count);
    expect(await sweepTrash(t.db, RETENTION_SECONDS)).toBe(count);
    expect(await countTrashed(t.db, me.id)).toBe(0);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)(
  'two instances on one PostgreSQL',
  () => {
    /** A second instance's database handle (its own pool) on the app's database, set up as its. */
    function secondInstance(): Kysely<Database> {
      const { databaseUrl, pgPreparedStatements, pgDriver } = t.app.config;
      return createDatabase({
        databaseUrl,
        preparedStatements: pgPreparedStatements,
        driver: pgDriver,
      });
    }

    it('never race: swept at the same moment, each rumination is erased once', async () => {
      const me: Person = await person(t);
      const count = TRASH_SWEEP_BATCH * 3;
      await insertOldTrash(t.db, me.id, count);
      const other = secondInstance();
      try {
        const erased = await Promise.all([
          sweepTrash(t.db, RETENTION_SECONDS),
          sweepTrash(other, RETENTION_SECONDS),
        ]);
        // Counted by the ids each one erased: a race would count some rows twice.
        expect(erased[0] + erased[1]).toBe(count);
        expect(await countTrashed(t.db, me.id)).toBe(0);
      } finally {
        await other.destroy();
      }
    });

    it('an instance finds another one sweeping (its lock held) and leaves the work to it', async () => {
      const me: Person = await person(t);
      await insertOldTrash(t.db, me.id, 5);
      const other = secondInstance();
      try {
        await other.transaction().execute(async (trx) => {
          // What the other instance's sweep holds while it erases a batch.
          const held = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_xact_lock(${TRASH_SWEEP_LOCK_KEY}) as locked`.execute(trx);
          expect(held.rows[0]?.locked).toBe(true);
          expect(await sweepTrash(t.db, RETENTION_SECONDS)).toBe(0);
          expect(await countTrashed(t.db, me.id)).toBe(5);
        });
        expect(await sweepTrash(t.db, RETENTION_SECONDS)).toBe(5);
      } finally {
        await other.destroy();
      }
    });
  },
);
