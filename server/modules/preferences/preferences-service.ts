import type { Kysely } from 'kysely';
import type { Preferences, PreferencesUpdate } from '../../../src/api/preferences-schemas';
import { preferencesOnWire } from '../../../src/domain/preferences';
import { asWriter } from '../../credentials/writer-lock';
import type { Database } from '../../db/schema';
import { rescheduleReminder } from '../reminders/reminder-queries';
import { findPreferences, savePreferences } from './preferences-queries';

/**
 * /api/account/preferences (api-contract.md "Names people recognise"): the rules (defaults, how a
 * PUT of a subset merges) are src/domain/preferences.ts; this loads and stores them.
 */

export async function getPreferences(db: Kysely<Database>, userId: number): Promise<Preferences> {
  return preferencesOnWire(await findPreferences(db, userId));
}

/**
 * Stores the fields sent and answers all of them. A write of the person like any other: it
 * excludes the erasure of their account (writer-lock.ts), so no preferences outlive it.
 */
export async function updatePreferences(
  db: Kysely<Database>,
  userId: number,
  change: PreferencesUpdate,
): Promise<Preferences> {
  const now = new Date().toISOString();
  const saved = await asWriter(db, userId, async (trx) => {
    const values = await savePreferences(trx, userId, change, now);
    // In the same transaction: the reminder's next instant always matches the stored reminder.
    if (change.reminder !== undefined || change.timeZone !== undefined) {
      await rescheduleReminder(trx, userId, values.timeZone, values.reminder, Date.parse(now));
    }
    return values;
  });
  return preferencesOnWire(saved);
}
