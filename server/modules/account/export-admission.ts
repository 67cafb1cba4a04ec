import type { Kysely } from 'kysely';
import { ApiProblem } from '../../../src/api/problem';
import {
  decideExportStart,
  EXPORT_RETRY_AFTER_SECONDS,
} from '../../../src/domain/account-decisions';
import type { Database } from '../../db/schema';
import { takeExportLease } from './export-leases';

/**
 * Who may start an export now (api-contract.md "My account": exports never hold up other people):
 * one per account, agreed through the database (export-leases.ts), and at most
 * EXPORTS_PER_INSTANCE on this instance, counted here in memory because the bound protects this
 * process's event loop and its pool of connections. The rule and its answers are
 * decideExportStart's.
 */

/** A started export's right to run: given back once, when its download ends however it ends. */
export interface ExportAdmission {
  end(): Promise<void>;
}

/** The exports running on this instance. One per app (export-routes.ts). */
export class ExportSlots {
  private running = 0;

  constructor(private readonly max: number) {}

  get full(): boolean {
    return this.running >= this.max;
  }

  take(): () => void {
    this.running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running -= 1;
    };
  }
}

/**
 * Admits the account's export or throws the 429 of decideExportStart with Retry-After. The
 * account's lease is the fact that needs the database, and taking it is how it is read: an export
 * refused for the instance's bound gives it back at once.
 */
export async function admitExport(
  db: Kysely<Database>,
  slots: ExportSlots,
  userId: number,
  onError: (error: unknown) => void,
): Promise<ExportAdmission> {
  // The slot is taken before the first await, so that exports arriving together count each other.
  const instanceExportsFull = slots.full;
  const giveSlot = instanceExportsFull ? () => {} : slots.take();
  let lease;
  try {
    lease = await takeExportLease(db, userId, onError);
  } catch (error) {
    giveSlot();
    throw error;
  }
  const decision = decideExportStart({
    accountExportRunning: lease === undefined,
    instanceExportsFull,
  });
  if (!decision.ok) {
    giveSlot();
    await lease?.release();
    throw ApiProblem.of(decision.refusal).withHeaders({
      'retry-after': String(EXPORT_RETRY_AFTER_SECONDS),
    });
  }
  return {
    async end() {
      giveSlot();
      await lease?.release();
    },
  };
}
