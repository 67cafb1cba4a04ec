import type { Kysely } from 'kysely';
import type { Preferences, PreferencesUpdate } from '../../../src/api/preferences-schemas';
import {
  preferencesOnWire,
  type PreferenceChange,
  type PreferenceValues,
} from '../../../src/domain/preferences';
import { activeUserRow, asWriter } from '../../credentials/writer-lock';
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
  const saved = await asWriter(db, userId, (trx) => changePreferences(trx, userId, change));
  return preferencesOnWire(saved);
}

/**
 * A change made for the person by a link of theirs (an email's one-click unsubscribe): as a PUT of
 * it would, in a transaction that first reads their account as their writes lock it. Answers
 * false, having written nothing, when the account is not active: an erased account keeps no
 * preferences.
 */
export async function changePreferencesIfActive(
  db: Kysely<Database>,
  userId: number,
  change: PreferenceChange,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await activeUserRow(trx, userId).select('id').executeTakeFirst();
    if (user === undefined) return false;
    await changePreferences(trx, userId, change);
    return true;
  });
}

/** Stores a change inside the caller's transaction, and the reminder's next instant with it. */
async function changePreferences(
  trx: Kysely<Database>,
  userId: number,
  change: PreferenceChange,
): Promise<PreferenceValues> {
  const now = new Date().toISOString();
  const values = await savePreferences(trx, userId, change, now);
  // In the same transaction: the reminder's next instant always matches the stored reminder.
  if (change.reminder !== undefined || change.timeZone !== undefined) {
    await rescheduleReminder(trx, userId, values.timeZone, values.reminder, Date.parse(now));
  }
  return values;
}
