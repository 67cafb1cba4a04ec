import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../server/db/database';
import { emptyMigrationDatabases, insertPersonRow } from './support/migration-database';

/**
 * Migration 0022: a person's acceptance of a terms version is one row (duplicates left by
 * concurrent first acceptances keep their first), and an account keeps its 10 newest push
 * devices. On the database the suite runs on: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */

const emptyDatabase = emptyMigrationDatabases();

describe('the migration of one acceptance and ten devices (0022)', () => {
  it('keeps the first of duplicate acceptances, then refuses a second row', async () => {
    const { db, url } = await emptyDatabase();
    await migrateTo(db, '0021-ask-each-time');
    const ana = await insertPersonRow(db, 'ana');
    const bo = await insertPersonRow(db, 'bo');
    const rows: [number, string, string][] = [
      [ana, '1.0', '2026-01-01T00:00:00.001Z'],
      [ana, '1.0', '2026-01-01T00:00:00.002Z'],
      [ana, '1.1', '2026-02-01T00:00:00.000Z'],
      [bo, '1.0', '2026-01-02T00:00:00.000Z'],
      [ana, '1.0', '2026-01-01T00:00:00.003Z'],
    ];
    for (const [userId, version, at] of rows) {
      await sql`insert into terms_acceptances (user_id, version, accepted_at)
        values (${userId}, ${version}, ${at})`.execute(db);
    }

    await migrateToLatest(db, url);

    const kept = await db
      .selectFrom('terms_acceptances')
      .select(['user_id', 'version', 'accepted_at'])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { user_id: ana, version: '1.0', accepted_at: '2026-01-01T00:00:00.001Z' },
      { user_id: ana, version: '1.1', accepted_at: '2026-02-01T00:00:00.000Z' },
      { user_id: bo, version: '1.0', accepted_at: '2026-01-02T00:00:00.000Z' },
    ]);
    await expect(
      db
        .insertInto('terms_acceptances')
        .values({ user_id: bo, version: '1.0', accepted_at: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps the 10 newest devices of each account, with their queued messages', async () => {
    const { db, url } = await emptyDatabase();
    await migrateTo(db, '0021-ask-each-time');
    const many = await insertPersonRow(db, 'many');
    const few = await insertPersonRow(db, 'few');
    const now = new Date().toISOString();
    const device = async (userId: number, n: number) =>
      (
        await sql<{ id: number }>`insert into push_subscriptions
          (user_id, endpoint, p256dh, auth, create_tms, update_tms)
          values (${userId}, ${`https://fcm.googleapis.com/fcm/send/${userId}-${n}`}, 'k', 'a',
            ${now}, ${now})
          returning id`.execute(db)
      ).rows[0]!.id;
    const manys: number[] = [];
    for (let n = 0; n < 13; n++) manys.push(await device(many, n));
    const fews = [await device(few, 0), await device(few, 1)];
    const notification = (
      await sql<{ id: number }>`insert into notifications
        (recipient_id, actor_id, kind, create_tms)
        values (${many}, ${few}, 'RelationRequested', ${now}) returning id`.execute(db)
    ).rows[0]!.id;
    for (const subscriptionId of [manys[0], manys[12]]) {
      await sql`insert into push_outbox (notification_id, subscription_id, due_tms)
        values (${notification}, ${subscriptionId}, ${now})`.execute(db);
    }

    await migrateToLatest(db, url);

    const devicesOf = async (userId: number) =>
      (
        await db
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    expect(await devicesOf(many)).toEqual(manys.slice(3));
    expect(await devicesOf(few)).toEqual(fews);
    const queued = await db.selectFrom('push_outbox').select('subscription_id').execute();
    expect(queued).toEqual([{ subscription_id: manys[12] }]);
  });
});
