import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import { registerSearchFunction } from '../../server/db/search-tokens';
import { rebuildViewerAudiences } from '../../server/modules/relations/viewer-audiences';
import { batches, comments, relations, users, type DataSetSize } from './data-set';
import { reactions, ruminationTags, ruminationsWithHabits } from './data-set-habits';

/**
 * Writes the data set into a fresh database: the schema comes from the server's own migrations (so
 * the benchmark measures the real indexes), the rows from direct SQL in large transactions.
 */

export interface LoadResult {
  counts: Record<string, number>;
  seconds: number;
}

const TABLES = [
  'users',
  'user_relations',
  'ruminations',
  'comments',
  'rumination_tags',
  'reactions',
] as const;

const TABLES_WITHOUT_ID: ReadonlySet<string> = new Set(['rumination_tags', 'reactions']);

type Rows = Iterable<Record<string, unknown>>;

function rowsOf(size: DataSetSize, passwordHash: string): Record<(typeof TABLES)[number], Rows> {
  // Row interfaces carry no index signature; the loaders only read their keys and values.
  return {
    users: users(size, passwordHash) as Rows,
    user_relations: relations(size) as Rows,
    ruminations: ruminationsWithHabits(size) as Rows,
    comments: comments(size) as Rows,
    rumination_tags: ruminationTags(size) as Rows,
    reactions: reactions(size) as Rows,
  };
}

async function migrate(databaseUrl: string | undefined, sqliteFile?: string): Promise<void> {
  const db = createDatabase({ databaseUrl, ...(sqliteFile ? { sqliteFile } : {}) });
  try {
    await migrateToLatest(db, databaseUrl);
  } finally {
    await db.destroy();
  }
}

/**
 * What the relation and rumination services keep up to date on each write (viewer_audiences and
 * the feeds written ahead), derived at once for the loaded rows. Answers the feeds' rows.
 */
async function deriveViewerAudiences(
  databaseUrl: string | undefined,
  sqliteFile?: string,
): Promise<number> {
  const db = createDatabase({ databaseUrl, ...(sqliteFile ? { sqliteFile } : {}) });
  try {
    await rebuildViewerAudiences(db);
    const { n } = await db
      .selectFrom('feed_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  } finally {
    await db.destroy();
  }
}

export async function loadSqlite(
  file: string,
  size: DataSetSize,
  passwordHash: string,
): Promise<LoadResult> {
  const started = Date.now();
  await migrate(undefined, file);
  const sqlite = new SQLite(file);
  // The note search index's triggers call it (server/db/search-tokens.ts).
  registerSearchFunction(sqlite);
  // Loading only: a crash mid-load just means loading again.
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  const counts: Record<string, number> = {};
  const rows = rowsOf(size, passwordHash);
  for (const table of TABLES) {
    // Secondary indexes are dropped during the load and rebuilt after (one sort instead of a
    // million random inserts); those of UNIQUE constraints (sql is null) stay.
    const indexes = sqlite
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`,
      )
      .all(table) as { name: string; sql: string }[];
    for (const i of indexes) sqlite.exec(`drop index ${i.name}`);
    let count = 0;
    let insert: SQLite.Statement | undefined;
    for (const batch of batches<Record<string, unknown>>(rows[table], 20_000)) {
      if (insert === undefined) {
        const cols = Object.keys(batch[0]!);
        insert = sqlite.prepare(
          `insert into ${table} (${cols.join(', ')}) values (${cols.map((c) => `@${c}`).join(', ')})`,
        );
      }
      const stmt = insert;
      sqlite.transaction((items: Record<string, unknown>[]) => {
        for (const item of items) stmt.run(item);
      })(batch);
      count += batch.length;
    }
    for (const i of indexes) sqlite.exec(i.sql);
    counts[table] = count;
  }
  acceptTermsSqlite(sqlite);
  sqlite.close();
  counts['feed_entries'] = await deriveViewerAudiences(undefined, file);
  const done = new SQLite(file);
  done.pragma('wal_checkpoint(TRUNCATE)');
  done.close();
  return { counts, seconds: (Date.now() - started) / 1000 };
}

const NOW = '2026-01-01T00:00:00.000Z';

/** Every active user accepted the current terms (so no call of theirs is held back by them). */
function acceptTermsSqlite(sqlite: SQLite.Database): void {
  sqlite
    .prepare(
      `insert into terms_acceptances (user_id, version, accepted_at)
       select id, '1.0', ? from users where is_active = 1`,
    )
    .run(NOW);
}

const PG_TYPES: Record<string, string> = {
  id: 'int4',
  type: 'int4',
  initiator_id: 'int4',
  receiver_id: 'int4',
  author_id: 'int4',
  rumination_id: 'int4',
  parent_comment_id: 'int4',
  is_accepted: 'int4',
  is_rejected: 'int4',
  is_deleted: 'int4',
  is_active: 'int4',
  is_published: 'int4',
  audience_mask: 'int4',
  token_version: 'int4',
  user_id: 'int4',
  position: 'int4',
};

export async function loadPostgres(
  databaseUrl: string,
  size: DataSetSize,
  passwordHash: string,
): Promise<LoadResult> {
  const started = Date.now();
  await migrate(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts: Record<string, number> = {};
  try {
    const rows = rowsOf(size, passwordHash);
    for (const table of TABLES) {
      // Secondary indexes are dropped during the load and rebuilt after (much faster than updating
      // them row by row); indexes that back a constraint (primary key, unique) stay.
      const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
        `select i.indexname, i.indexdef from pg_indexes i
         where i.schemaname = current_schema() and i.tablename = $1
           and not exists (select 1 from pg_constraint c
                           where c.conindid = (quote_ident(i.indexname))::regclass)`,
        [table],
      );
      let count = 0;
      await client.query('begin');
      // The generator keeps the foreign keys by construction; skipping their per-row triggers
      // (superuser only, and only in this load transaction) halves the load time.
      await client.query('set local session_replication_role = replica');
      for (const i of indexes) await client.query(`drop index ${i.indexname}`);
      for (const batch of batches<Record<string, unknown>>(rows[table], 10_000)) {
        const cols = Object.keys(batch[0]!);
        // One statement per batch: column arrays unnested server side (fast, no 65k parameter cap).
        const arrays = cols.map((c) => batch.map((r) => r[c]));
        const unnest = cols.map((c, i) => `$${i + 1}::${PG_TYPES[c] ?? 'text'}[]`).join(', ');
        await client.query(
          `insert into ${table} (${cols.join(', ')}) overriding system value
           select * from unnest(${unnest})`,
          arrays,
        );
        count += batch.length;
      }
      for (const i of indexes) await client.query(i.indexdef);
      await client.query('commit');
      // Rows came with explicit ids: move the identity past them for the rows the API will add
      // (tags and reactions have no id of their own).
      if (!TABLES_WITHOUT_ID.has(table)) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select max(id) from ${table})))`,
        );
      }
      counts[table] = count;
    }
    await client.query(
      `insert into terms_acceptances (user_id, version, accepted_at)
       select id, '1.0', $1 from users where is_active = 1`,
      [NOW],
    );
    counts['feed_entries'] = await deriveViewerAudiences(databaseUrl);
    // What autovacuum would do a minute later: statistics for the planner.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return { counts, seconds: (Date.now() - started) / 1000 };
}
