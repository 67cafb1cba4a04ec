import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The lease of an account's running export (migration 0013): the row every instance sharing the
 * database sees, so that an account runs one export at a time wherever it asks (api-contract.md
 * "My account"). Taken with one statement that succeeds only when no live lease exists, renewed on
 * a timer while the export runs (a slow reader may leave the export waiting for minutes between
 * pages), released when the download ends however it ends; the lease of an instance that died
 * lapses EXPORT_LEASE_MS after its last renewal.
 */

/** How long a lease lives without renewal: how long a dead instance's lease blocks its account. */
export const EXPORT_LEASE_MS = 60_000;
/** Renewed three times per lifetime: one missed renewal (a slow database) does not lose it. */
const RENEW_EVERY_MS = EXPORT_LEASE_MS / 3;

export interface ExportLease {
  /** Gives the lease back (once; later calls do nothing). Never throws: a failure lapses it. */
  release(): Promise<void>;
}

/**
 * Takes the account's export lease, or undefined when a live one exists (this instance's or
 * another's). An expired lease is taken over by the same statement, atomically on both databases.
 */
export async function takeExportLease(
  db: Kysely<Database>,
  userId: number,
  onError: (error: unknown) => void,
): Promise<ExportLease | undefined> {
  const holder = randomBytes(12).toString('base64url');
  const now = Date.now();
  const taken = await db
    .insertInto('export_leases')
    .values({ user_id: userId, holder, expires_at: now + EXPORT_LEASE_MS })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('export_leases.expires_at', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  if (taken?.holder !== holder) return undefined;

  const renewal = setInterval(() => {
    db.updateTable('export_leases')
      .set({ expires_at: Date.now() + EXPORT_LEASE_MS })
      .where('user_id', '=', userId)
      .where('holder', '=', holder)
      .execute()
      .catch(onError);
  }, RENEW_EVERY_MS);
  // A renewal never keeps the process alive: a stopping instance lets its leases lapse.
  renewal.unref();

  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= (async () => {
        clearInterval(renewal);
        try {
          await db
            .deleteFrom('export_leases')
            .where('user_id', '=', userId)
            .where('holder', '=', holder)
            .execute();
        } catch (error) {
          onError(error);
        }
      })();
      return released;
    },
  };
}
