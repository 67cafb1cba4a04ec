import { sql, type Kysely } from 'kysely';

/**
 * A person's own comments, by id: the account export pages through them (`author_id = ? and
 * id > ?`), and deleting an account erases them in one statement. Without it both walk the whole
 * comments table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index comments_author on comments (author_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists comments_author`.execute(db);
}
