import type { Language } from '../api/languages';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';
import { audienceNameOf, type AudienceName, type RelationType } from './relation-types';

/**
 * A person's preferences (contract: "Names people recognise", preferences): what they are before
 * anything is chosen, and how a PUT of any subset changes them. The server and the mock backend
 * store the result; the composer starts from `defaultAudiences` on every device.
 */

export const EMAIL_DIGESTS = ['off', 'daily', 'weekly'] as const;

/** Weekdays as Date#getDay() counts them: 0 is Sunday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * "Remind me to write" (contract: "Memories"): a wall time in the person's zone, or null for no
 * reminder, and the weekdays it rings on.
 */
export interface Reminder {
  time: string | null;
  days: number[];
}
export type EmailDigest = (typeof EMAIL_DIGESTS)[number];

/** Every kind of notification may be pushed to a device, or not, one by one. */
export const PUSH_KINDS = NOTIFICATION_KINDS;
export type PushKind = NotificationKind;

/**
 * Preferences as the rules hold them: audiences as relation types (the wire uses names).
 * `defaultAudiences` null is "ask each time": the composer ticks nothing and will not publish
 * until its writer has chosen; [] is a chosen default of Public.
 */
export interface PreferenceValues {
  defaultAudiences: RelationType[] | null;
  emailDigest: EmailDigest;
  push: Record<PushKind, boolean>;
  /** An IANA name, canonical (src/domain/local-days.ts canonicalTimeZone): where a day is a day. */
  timeZone: string;
  reminder: Reminder;
  /**
   * The language the app speaks to them (api-contract.md "Languages"), on every device, and their
   * emails, digests and pushes; null (the default) follows the browser (recipientLanguage below).
   */
  language: Language | null;
}

export interface PreferenceChange {
  /** null: back to asking each time. */
  defaultAudiences?: readonly RelationType[] | null | undefined;
  emailDigest?: EmailDigest | undefined;
  push?: Partial<Record<PushKind, boolean>> | undefined;
  timeZone?: string | undefined;
  reminder?: { time?: string | null | undefined; days?: readonly number[] | undefined } | undefined;
  /** null: back to following the browser. */
  language?: Language | null | undefined;
}

/**
 * Nothing chosen yet: every new note asks who reads it (never public by default, in an app people
 * choose to keep private things), no digest, every push, the browser's language.
 */
export function defaultPreferences(): PreferenceValues {
  return {
    defaultAudiences: null,
    emailDigest: 'off',
    push: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, true])) as Record<PushKind, boolean>,
    timeZone: 'UTC',
    reminder: { time: null, days: [...WEEKDAYS] },
    language: null,
  };
}

/** A set of weekdays as stored and answered: each once, Sunday first. */
export function normalDays(days: readonly number[]): number[] {
  return [...new Set(days)].sort((a, b) => a - b);
}

/** What a PUT leaves: the fields it sent replace the stored ones; push kinds one by one. */
export function mergePreferences(
  current: PreferenceValues,
  change: PreferenceChange,
): PreferenceValues {
  return {
    defaultAudiences:
      change.defaultAudiences === undefined
        ? current.defaultAudiences
        : change.defaultAudiences === null
          ? null
          : [...new Set(change.defaultAudiences)].sort((a, b) => a - b),
    emailDigest: change.emailDigest ?? current.emailDigest,
    push: { ...current.push, ...change.push },
    timeZone: change.timeZone ?? current.timeZone,
    reminder: {
      time: change.reminder?.time === undefined ? current.reminder.time : change.reminder.time,
      days:
        change.reminder?.days === undefined
          ? current.reminder.days
          : normalDays(change.reminder.days),
    },
    language: change.language === undefined ? current.language : change.language,
  };
}

/**
 * The language to write to a person in (emails, digests, push titles: api-contract.md
 * "Languages"): the one they chose in Settings; else the one their browser asked for when they
 * last signed in or signed up (its Accept-Language), the nearest guess of what their app speaks;
 * else English.
 */
export function recipientLanguage(
  preference: Language | null,
  lastSeen: Language | null | undefined,
): Language {
  return preference ?? lastSeen ?? 'en';
}

/** The wire's form of preferences (audience names). */
export function preferencesOnWire(values: PreferenceValues): {
  defaultAudiences: AudienceName[] | null;
  emailDigest: EmailDigest;
  push: Record<PushKind, boolean>;
  timeZone: string;
  reminder: Reminder;
  language: Language | null;
} {
  return {
    defaultAudiences: values.defaultAudiences?.map(audienceNameOf) ?? null,
    emailDigest: values.emailDigest,
    push: { ...values.push },
    timeZone: values.timeZone,
    reminder: { time: values.reminder.time, days: [...values.reminder.days] },
    language: values.language,
  };
}
