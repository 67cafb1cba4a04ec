import { defaultPreferences, type PreferenceValues } from '../../src/domain/preferences';
import { getDb } from './db';

/**
 * A person's preferences: the stored ones, or the defaults until they changed any. A demo copy
 * saved before a preference existed (the time zone, the reminder, the language) reads that
 * one's default.
 */
export function preferencesOf(userId: number): PreferenceValues {
  const stored = getDb().preferences.find((p) => p.userId === userId);
  if (!stored) return defaultPreferences();
  const { userId: _userId, ...values } = stored;
  return { ...defaultPreferences(), ...values };
}

/** Keeps a person's preferences (one row each, replaced whole: the merge is the shared rule's). */
export function storePreferences(userId: number, values: PreferenceValues): void {
  const db = getDb();
  db.preferences = [...db.preferences.filter((p) => p.userId !== userId), { userId, ...values }];
}
