import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  DummyDriver,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { queryKind } from '../../server/db/query-kind';
import type { Database } from '../../server/db/schema';
import { parseLsn, replicaLagMs } from '../../server/db/wal-positions';

/** Which statements a replica may answer, and how far behind a replica is (no database needed). */

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

type Compiled = { query: Parameters<typeof queryKind>[0]; sql: string };

function kindOf(query: { compile(db: Kysely<Database>): Compiled }) {
  const compiled = query.compile(db);
  return queryKind(compiled.query, compiled.sql);
}

describe('which statements a replica may answer', () => {
  it('a plain SELECT, also with a CTE that only reads', () => {
    expect(kindOf(db.selectFrom('ruminations').select('id').where('id', '=', 1))).toBe(
      'replica-read',
    );
    expect(
      kindOf(
        db
          .with('mine', (q) => q.selectFrom('ruminations').select('id'))
          .selectFrom('mine')
          .select('id'),
      ),
    ).toBe('replica-read');
  });

  it('not a SELECT that locks, nor one over a writing CTE', () => {
    expect(kindOf(db.selectFrom('users').select('id').forUpdate())).toBe('primary-read');
    expect(
      kindOf(
        db
          .with('gone', (q) => q.deleteFrom('comments').returning('id'))
          .selectFrom('gone')
          .select('id'),
      ),
    ).toBe('primary-read');
  });

  it('hand-written reads too, but not one that locks, notifies or writes', () => {
    expect(
      kindOf(sql`with a as (select id from users) select r.id, r.update_tms from a, ruminations r`),
    ).toBe('replica-read');
    expect(kindOf(sql`select id from ruminations where is_deleted = 0`)).toBe('replica-read');
    expect(kindOf(sql`select pg_try_advisory_xact_lock(1)`)).toBe('primary-read');
    expect(kindOf(sql`select pg_notify('x', 'y')`)).toBe('primary-read');
    expect(kindOf(sql`select id from users for update`)).toBe('primary-read');
    expect(kindOf(sql`with gone as (delete from comments returning id) select * from gone`)).toBe(
      'primary-read',
    );
    expect(kindOf(sql`  BEGIN`)).toBe('primary-read');
    expect(kindOf(sql`update ruminations set content = ''`)).toBe('write');
  });

  it('writes: the person’s, and the app’s own bookkeeping apart', () => {
    expect(kindOf(db.deleteFrom('comments').where('id', '=', 1))).toBe('write');
    expect(kindOf(db.updateTable('ruminations').set({ content: 'x' }))).toBe('write');
    expect(kindOf(db.insertInto('write_positions').values({ user_id: 1, lsn: '0/0' }))).toBe(
      'bookkeeping',
    );
    expect(kindOf(db.deleteFrom('rate_counters'))).toBe('bookkeeping');
  });
});

describe('log positions', () => {
  it('reads pg_lsn text in order, and nothing else', () => {
    expect(parseLsn('0/3000F88')).toBe(0x3000f88n);
    expect(parseLsn('16/B374D848')! > parseLsn('15/FFFFFFFF')!).toBe(true);
    expect(parseLsn(null)).toBeUndefined();
    expect(parseLsn('16-B3')).toBeUndefined();
  });

  it('counts a replica’s lag from when the primary first wrote past what it replayed', () => {
    const samples = [
      { at: 1000, lsn: 100n },
      { at: 1500, lsn: 200n },
      { at: 2000, lsn: 300n },
    ];
    expect(replicaLagMs(samples, 300n, 2100)).toBe(0);
    expect(replicaLagMs(samples, 150n, 2100)).toBe(600);
    expect(replicaLagMs(samples, 50n, 2100)).toBe(1100);
  });

  it('while the primary is down, counts only what reached the replica: all of it replayed is not behind', () => {
    // The primary wrote up to 300 and died; the replica received up to 250.
    const samples = [
      { at: 1000, lsn: 100n },
      { at: 1500, lsn: 200n },
      { at: 2000, lsn: 300n },
    ];
    expect(replicaLagMs(samples, 250n, 9000)).toBe(7000);
    expect(replicaLagMs(samples, 250n, 9000, 250n)).toBe(0);
    // Received but not replayed yet: behind since the primary first wrote past the replay.
    expect(replicaLagMs(samples, 150n, 9000, 250n)).toBe(7500);
  });
});
