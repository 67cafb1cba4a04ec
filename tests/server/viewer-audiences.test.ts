import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UserRelation } from '../../src/api/relation-schemas';
import { createDatabase, migrateTo, migrateToLatest } from '../../server/db/database';
import { rebuildViewerAudiences } from '../../server/modules/relations/viewer-audiences';
import { setUpTestApp } from './support/test-app';
import { call, person, requestRelation, type Person } from './ruminations-support';

/**
 * viewer_audiences is derived from user_relations and kept up to date by the relation service on
 * every write. Whatever order racing writes take (on PostgreSQL they run on separate connections),
 * the table must end up exactly as a fresh derivation from user_relations would make it.
 */

const t = setUpTestApp();

const request = (from: Person, to: Person, relationType: number) =>
  requestRelation(t, from, to, relationType);

async function tableRows(): Promise<string[]> {
  const rows = await t.db
    .selectFrom('viewer_audiences')
    .select(['viewer_id', 'author_id', 'audience_mask'])
    .orderBy('viewer_id')
    .orderBy('author_id')
    .execute();
  return rows.map((r) => `${r.viewer_id}->${r.author_id}: ${r.audience_mask}`);
}

describe('viewer_audiences under racing relation writes', () => {
  it('ends up as a fresh derivation from user_relations', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => person(t)));
    // Every pair relates by three types (Therapist from either side). Pairs of the first person
    // are left pending, so the race only accepts or rejects there; elsewhere some are accepted
    // first (and deleted in the race).
    const pending: { relation: UserRelation; receiver: Person }[] = [];
    const accepted: { relation: UserRelation; by: Person }[] = [];
    for (const [i, x] of people.entries()) {
      for (const y of people.slice(i + 1)) {
        for (const type of [0, 2, 5]) {
          const [a, b] = (x.id + type) % 2 === 0 ? [x, y] : [y, x];
          const relation = await request(a, b, type);
          if (i > 0 && (a.id + b.id + type) % 2 === 0) {
            await call(t, 'PUT', `/api/UserRelations/${relation.id}/accept`, { as: b });
            accepted.push({ relation, by: (a.id + type) % 3 === 0 ? a : b });
          } else {
            pending.push({ relation, receiver: b });
          }
        }
      }
    }
    // Then, all at once: accept or reject every pending one, delete every accepted one.
    const racing = [
      ...pending.map(({ relation, receiver }, i) =>
        call(t, 'PUT', `/api/UserRelations/${relation.id}/${i % 4 === 0 ? 'reject' : 'accept'}`, {
          as: receiver,
        }),
      ),
      ...accepted.map(({ relation, by }) =>
        call(t, 'DELETE', `/api/UserRelations/${relation.id}`, { as: by }),
      ),
    ];
    const answers = await Promise.all(racing);
    expect(answers.map((r) => r.statusCode).filter((s) => s >= 500)).toEqual([]);

    const kept = await tableRows();
    expect(kept.length).toBeGreaterThan(0);
    await rebuildViewerAudiences(t.db);
    expect(kept).toEqual(await tableRows());
  });
});

describe('the migration that creates viewer_audiences', () => {
  it('fills it from the relations that exist, as the rule derives it', async () => {
    const db = createDatabase({ sqliteFile: ':memory:' });
    try {
      await migrateTo(db, '0004-covering-read-indexes');
      const now = new Date().toISOString();
      const ids: number[] = [];
      for (const name of ['ana', 'ben', 'cy']) {
        // The users table as migration 0004 left it: no display name yet (0016).
        const email = `${name}@example.com`;
        const inserted = await sql<{ id: number }>`insert into users
          (username, username_lower, email, email_lower, password_hash, create_tms)
          values (${name}, ${name}, ${email}, ${email}, 'x', ${now}) returning id`.execute(db);
        ids.push(inserted.rows[0]!.id);
      }
      const [ana, ben, cy] = ids as [number, number, number];
      // Accepted Friend and Therapist (ana asked ben to be her therapist), a deleted Family, a
      // pending Partner, and a Therapist that cy asked of ana.
      const relations: [number, number, number, number, number][] = [
        [2, ana, ben, 1, 0],
        [5, ana, ben, 1, 0],
        [1, ben, cy, 1, 1],
        [4, cy, ana, 0, 0],
        [5, cy, ana, 1, 0],
      ];
      for (const [type, initiator, receiver, accepted, deleted] of relations) {
        await db
          .insertInto('user_relations')
          .values({
            type,
            initiator_id: initiator,
            receiver_id: receiver,
            is_accepted: accepted,
            is_deleted: deleted,
            create_tms: now,
            update_tms: now,
          })
          .execute();
      }
      await migrateToLatest(db);
      const rows = () =>
        db
          .selectFrom('viewer_audiences')
          .select(['viewer_id', 'author_id', 'audience_mask'])
          .orderBy('viewer_id')
          .orderBy('author_id')
          .execute();
      const migrated = await rows();
      expect(migrated).toHaveLength(4);
      await rebuildViewerAudiences(db);
      expect(migrated).toEqual(await rows());
    } finally {
      await db.destroy();
    }
  });
});
