import { sql, type Kysely } from 'kysely';

/**
 * Two rules the database now holds for every instance (api-contract.md "My account" and "Reach
 * them when the app is closed"):
 *
 * - A person accepts a version of the terms once: (user_id, version) becomes unique, so that
 *   concurrent first acceptances keep one row (the later insert does nothing, and answers the
 *   stored time). Duplicates such races left keep their first row, the one every answer named.
 * - An account holds at most 10 push subscriptions. Accounts that hold more keep their 10 newest
 *   (ids only grow); the others end as the 11th save would end them, with their unsent messages
 *   (the outbox's key cascades). The number is written here, not imported: a migration says what
 *   was done then, whatever the rule becomes.
 *
 * Window functions and these statements are the same on SQLite (3.25 on) and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from terms_acceptances where id in (
    select id from (
      select id, row_number() over (partition by user_id, version order by id) as n
      from terms_acceptances
    ) ranked where n > 1
  )`.execute(db);
  await db.schema.dropIndex('terms_acceptances_user').execute();
  await db.schema
    .createIndex('terms_acceptances_user')
    .on('terms_acceptances')
    .columns(['user_id', 'version'])
    .unique()
    .execute();

  await sql`delete from push_subscriptions where id in (
    select id from (
      select id, row_number() over (partition by user_id order by id desc) as n
      from push_subscriptions
    ) ranked where n > 10
  )`.execute(db);
}

/** The index no longer unique; devices that ended stay ended. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('terms_acceptances_user').execute();
  await db.schema
    .createIndex('terms_acceptances_user')
    .on('terms_acceptances')
    .columns(['user_id', 'version'])
    .execute();
}
