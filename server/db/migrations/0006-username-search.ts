import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * People search (GET /api/users/search) finds names containing the query. Indexed on both
 * databases, so it stays fast with many users:
 * - SQLite: an FTS5 trigram index over users.username_lower (an external-content table kept in step
 *   by triggers), which answers GLOB '*q*' for queries of three characters or more.
 * - PostgreSQL: a pg_trgm GIN index on username_lower (pg_trgm ships with Debian's postgresql
 *   package), which answers LIKE '%q%' likewise. Creating the extension needs the right to; where
 *   it is refused or missing, the migration goes on without the index (search still works, by a
 *   scan) instead of keeping the server from starting.
 * Queries of two characters scan on both (a trigram needs three).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create virtual table users_trigram using fts5(
      username_lower, content='users', content_rowid='id', tokenize='trigram'
    )`.execute(db);
    await sql`create trigger users_trigram_insert after insert on users begin
      insert into users_trigram(rowid, username_lower) values (new.id, new.username_lower);
    end`.execute(db);
    await sql`create trigger users_trigram_delete after delete on users begin
      insert into users_trigram(users_trigram, rowid, username_lower)
        values ('delete', old.id, old.username_lower);
    end`.execute(db);
    await sql`create trigger users_trigram_update after update of username_lower on users begin
      insert into users_trigram(users_trigram, rowid, username_lower)
        values ('delete', old.id, old.username_lower);
      insert into users_trigram(rowid, username_lower) values (new.id, new.username_lower);
    end`.execute(db);
    await sql`insert into users_trigram(users_trigram) values ('rebuild')`.execute(db);
    return;
  }
  await sql`do $$ begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm is not available: people search scans the users table';
  end $$`.execute(db);
  await sql`do $$ begin
    if exists (select 1 from pg_extension where extname = 'pg_trgm') then
      create index if not exists users_username_lower_trgm
        on users using gin (username_lower gin_trgm_ops);
    end if;
  end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const trigger of [
      'users_trigram_insert',
      'users_trigram_delete',
      'users_trigram_update',
    ]) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists users_trigram`.execute(db);
    return;
  }
  await sql`drop index if exists users_username_lower_trgm`.execute(db);
}
