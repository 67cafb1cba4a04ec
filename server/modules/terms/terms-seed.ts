import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertTermsVersion } from './terms-queries';

export const INITIAL_TERMS_VERSION = '1.0';

/**
 * Publishes version 1.0 on first start. Safe to run at every start and from several instances at
 * once: an existing version is kept, and a lost race on the unique version is ignored.
 */
export async function seedInitialTerms(db: Kysely<Database>, content: string): Promise<void> {
  try {
    await insertTermsVersion(db, INITIAL_TERMS_VERSION, content, new Date().toISOString());
  } catch (error) {
    const stillMissing =
      (await db
        .selectFrom('terms_versions')
        .select('id')
        .where('version', '=', INITIAL_TERMS_VERSION)
        .executeTakeFirst()) === undefined;
    if (stillMissing) throw error;
  }
}
