import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

/**
 * The people of the PostgreSQL plan tests (pg-feed-plan, pg-tags-plan): users 1 to `authors + 1`,
 * activated, and `viewer` related to each of 2 to `authors + 1` through the Friend audience (mask
 * 4), straight into viewer_audiences.
 */
export async function insertPlanPeople(
  db: Kysely<Database>,
  authors: number,
  viewer: number,
): Promise<void> {
  const now = new Date().toISOString();
  await sql`insert into users (username, username_lower, email, email_lower, password_hash,
      is_active, token_version, create_tms)
    select 'u' || i, 'u' || i, 'u' || i || '@x.test', 'u' || i || '@x.test', 'x', 1, 0, ${now}
    from generate_series(1, ${authors + 1}) i`.execute(db);
  await sql`insert into viewer_audiences (viewer_id, author_id, audience_mask)
    select ${viewer}, i, 4 from generate_series(2, ${authors + 1}) i`.execute(db);
}
