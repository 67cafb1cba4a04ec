import path from 'node:path';
import type { Kysely } from 'kysely';
import { TERMS_V1_MARKDOWN } from '../../src/domain/terms-v1';
import type { AppConfig } from '../config';
import { seedInitialTerms } from '../modules/terms/terms-seed';
import { createDatabase, migrateToLatest } from './database';
import type { Database } from './schema';

/** The configured database, migrated and seeded: what main.ts and the operator commands use. */
export async function openDatabase(config: AppConfig): Promise<Kysely<Database>> {
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'ruminations.sqlite'),
    sqliteCacheMb: config.sqliteCacheMb,
    sqliteMmapMb: config.sqliteMmapMb,
    pgPoolMax: config.pgPoolMax,
    preparedStatements: config.pgPreparedStatements,
    driver: config.pgDriver,
    replicaUrls: config.databaseReplicaUrls,
    replicaMaxLagMs: config.replicaMaxLagMs,
  });
  try {
    await migrateToLatest(db, config.databaseListenUrl ?? config.databaseUrl);
    await seedInitialTerms(db, TERMS_V1_MARKDOWN);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
