import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ruminationVisibleTo } from '../ruminations/rumination-visibility';

/** SQL of user profiles. */

export interface ProfileRow {
  id: number;
  username: string;
  create_tms: string;
}

export async function findActiveUser(
  db: Kysely<Database>,
  id: number,
): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'create_tms'])
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
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
