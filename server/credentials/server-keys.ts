import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A secret every instance of a deployment must share (the VAPID key pair, the key that signs the
 * digests' unsubscribe links), made once by whichever instance asks first and kept in the
 * database (migration 0018, `server_keys`). Insert-if-absent, then read back: of two instances
 * starting at once, both end up with the one row that won.
 */
export async function sharedServerKey(
  db: Kysely<Database>,
  name: string,
  make: () => string,
): Promise<string> {
  await db
    .insertInto('server_keys')
    .values({ name, value: make(), create_tms: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
