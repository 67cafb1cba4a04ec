import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Names people recognise (contract: "Names people recognise"): every user gets a display name
 * (their username until they choose one) and a bio, and people search finds display names too.
 *
 * `display_name_fold` is the display name as search compares it (src/domain/people-search.ts
 * `foldForSearch`: accents dropped, lower-cased), written by the server beside the name: SQL cannot
 * fold accents the same way on both databases. Existing users' names are their usernames, whose
 * fold is `username_lower` (usernames are ASCII).
 *
 * Indexed like usernames (migration 0006): an FTS5 trigram table on SQLite, pg_trgm on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('display_name_fold', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update users set display_name = username, display_name_fold = username_lower`.execute(
    db,
  );
  if (pg) {
    await sql`do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists users_display_name_fold_trgm
          on users using gin (display_name_fold gin_trgm_ops);
      end if;
    end $$`.execute(db);
    return;
  }
  await sql`create virtual table users_name_trigram using fts5(
    display_name_fold, content='users', content_rowid='id', tokenize='trigram'
  )`.execute(db);
  await sql`create trigger users_name_trigram_insert after insert on users begin
    insert into users_name_trigram(rowid, display_name_fold) values (new.id, new.display_name_fold);
  end`.execute(db);
  await sql`create trigger users_name_trigram_delete after delete on users begin
    insert into users_name_trigram(users_name_trigram, rowid, display_name_fold)
      values ('delete', old.id, old.display_name_fold);
  end`.execute(db);
  await sql`create trigger users_name_trigram_update after update of display_name_fold on users begin
    insert into users_name_trigram(users_name_trigram, rowid, display_name_fold)
      values ('delete', old.id, old.display_name_fold);
    insert into users_name_trigram(rowid, display_name_fold) values (new.id, new.display_name_fold);
  end`.execute(db);
  await sql`insert into users_name_trigram(users_name_trigram) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists users_display_name_fold_trgm`.execute(db);
  } else {
    for (const trigger of [
      'users_name_trigram_insert',
      'users_name_trigram_delete',
      'users_name_trigram_update',
    ]) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists users_name_trigram`.execute(db);
  }
  for (const column of ['bio', 'display_name_fold', 'display_name']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
