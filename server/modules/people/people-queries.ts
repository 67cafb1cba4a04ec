import { rowLimit } from '../../db/row-limit';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import type { UserRef } from '../../../src/api/common';
import { USER_REF_COLUMNS } from './person-columns';
import { ruminationVisibleTo } from '../ruminations/rumination-visibility';

/** SQL of user profiles. */

function selectProfiles(db: Kysely<Database>) {
  return db.selectFrom('users').select(['id', 'username', 'display_name', 'bio', 'create_tms']);
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
 * `*`, `?` and `[` are wildcards of GLOB, and a display name may hold them: each is matched
 * literally as a one-character set (`[*]`), which FTS5's trigram index still serves.
 */
function globLiteral(text: string): string {
  return text.replace(/[*?[]/g, (c) => `[${c}]`);
}

/**
 * Activated users other than `excludeId` whose username or display name, folded as search folds
 * them (src/domain/people-search.ts `foldForSearch`; usernames are ASCII, so `username_lower` is
 * theirs), contains the folded query `folded`. The better of the two names decides the rank: exact,
 * then starting with it, then the rest; within a rank by lower-cased username in byte order.
 * Trigram indexes find the candidates for queries of three characters or more: on SQLite the two
 * FTS5 tables (migrations 0006 and 0016) united, by GLOB; on PostgreSQL the LIKE itself, through the
 * pg_trgm index of each column. Shorter queries scan, as few names are that short anyway.
 */
export async function searchActiveUsers(
  db: Kysely<Database>,
  folded: string,
  excludeId: number,
  limit: number,
): Promise<UserRef[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const literal = likeLiteral(folded);
  const contains = `%${literal}%`;
  const startsWith = `${literal}%`;
  const glob = `*${globLiteral(folded)}*`;
  return (
    db
      .selectFrom('users')
      .select(USER_REF_COLUMNS)
      .where('is_active', '=', 1)
      .where('id', '<>', excludeId)
      .$if(!postgres && [...folded].length >= 3, (query) =>
        query.where(
          'id',
          'in',
          sql<number>`(select rowid from users_trigram where username_lower glob ${glob}
            union select rowid from users_name_trigram where display_name_fold glob ${glob})`,
        ),
      )
      .where(
        sql<boolean>`(username_lower like ${contains} escape '\\'
          or display_name_fold like ${contains} escape '\\')`,
      )
      .orderBy(
        sql`case when username_lower = ${folded} or display_name_fold = ${folded} then 0
          when username_lower like ${startsWith} escape '\\'
            or display_name_fold like ${startsWith} escape '\\' then 1
          else 2 end`,
      )
      // Byte order, as SQLite and the mock compare: PostgreSQL's default collation would sort
      // `_`, `.` and `-` by language rules instead.
      .orderBy(postgres ? sql`username_lower collate "C"` : sql`username_lower`)
      .limit(rowLimit(limit))
      .execute()
  );
}
