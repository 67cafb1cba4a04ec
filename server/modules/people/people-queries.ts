import { rowLimit } from '../../db/row-limit';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { USERNAME_CHARACTERS_ONLY } from '../../../src/api/auth-schemas';
import { ruminationVisibleTo } from '../ruminations/rumination-visibility';

/** SQL of user profiles. */

function selectProfiles(db: Kysely<Database>) {
  return db.selectFrom('users').select(['id', 'username', 'create_tms']);
}

export type ProfileRow = RowOf<ReturnType<typeof selectProfiles>>;

export async function findActiveUser(
  db: Kysely<Database>,
  id: number,
): Promise<ProfileRow | undefined> {
  return selectProfiles(db).where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
}

/** Public = visible to an anonymous reader; counted from the (author_id, ...) index alone. */
export async function countPublicRuminations(
  db: Kysely<Database>,
  authorId: number,
): Promise<number> {
  const row = await db
    .selectFrom('ruminations as r')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('r.author_id', '=', authorId)
    .where(ruminationVisibleTo(null))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** `_` and `%` are wildcards of LIKE (and `_` is allowed in usernames): matched literally here. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Activated users other than `excludeId` whose lower-cased name contains `q` (lower-cased): the
 * exact name first, then names starting with `q`, then the rest, each group by lower-cased name in
 * byte order. Trigram indexes find the candidates for `q` of three characters or more (migration
 * 0006): FTS5 on SQLite (GLOB, whose wildcards no username character is), pg_trgm on PostgreSQL
 * (the LIKE itself).
 */
export async function searchActiveUsers(
  db: Kysely<Database>,
  q: string,
  excludeId: number,
  limit: number,
): Promise<{ id: number; username: string }[]> {
  // No name holds anything else: nothing to look for.
  if (!USERNAME_CHARACTERS_ONLY.test(q)) return [];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const literal = likeLiteral(q);
  return (
    db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('is_active', '=', 1)
      .where('id', '<>', excludeId)
      .$if(!postgres && q.length >= 3, (query) =>
        query.where(
          'id',
          'in',
          sql<number>`(select rowid from users_trigram where username_lower glob ${`*${q}*`})`,
        ),
      )
      .where(sql<boolean>`username_lower like ${`%${literal}%`} escape '\\'`)
      .orderBy(
        sql`case when username_lower = ${q} then 0 when username_lower like ${`${literal}%`} escape '\\' then 1 else 2 end`,
      )
      // Byte order, as SQLite and the mock compare: PostgreSQL's default collation would sort
      // `_`, `.` and `-` by language rules instead.
      .orderBy(postgres ? sql`username_lower collate "C"` : sql`username_lower`)
      .limit(rowLimit(limit))
      .execute()
  );
}
