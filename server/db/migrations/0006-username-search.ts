import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * People search (GET /api/users/search) matches `username_lower LIKE '%q%'`. On PostgreSQL a
 * trigram index (pg_trgm, shipped with Debian's postgresql package) answers that for queries of
 * three characters or more. Creating the extension needs the right to; where it is refused or
 * missing, the migration goes on without the index (search still works, by a scan) instead of
 * keeping the server from starting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
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
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop index if exists users_username_lower_trgm`.execute(db);
}
