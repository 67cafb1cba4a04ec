import { sayInEnglish, type Say } from '../api/say';
import type { Refusal } from './decision';
import type { EmailDigest } from './preferences';

/**
 * The email digest (contract: "Reach them when the app is closed"), for people who install
 * nothing: with `daily` or `weekly`, at most one email per period, listing the notifications still
 * unread that arrived since the previous digest; none when there are none. Names and a link, never
 * a note's words. The server loads the facts and sends; this decides.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const DIGEST_PERIOD_MS: Readonly<Record<Exclude<EmailDigest, 'off'>, number>> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

export interface DigestFacts {
  setting: EmailDigest;
  /** When the previous digest went out; null if none ever did. */
  lastSentTMS: string | null;
  /** How many unread, visible notifications arrived after those the previous digest listed. */
  unreadSinceLast: number;
  now: Date;
}

/**
 * `send` when a digest is due and has something to say; `wait` otherwise. A period with nothing
 * unread sends nothing and leaves the clock where it was, so the next notification is told at the
 * next run (the previous email is then at least a period old, so still at most one per period).
 */
export function decideDigest(facts: DigestFacts): 'send' | 'wait' {
  if (facts.setting === 'off' || facts.unreadSinceLast === 0) return 'wait';
  if (facts.lastSentTMS === null) return 'send';
  const since = facts.now.getTime() - Date.parse(facts.lastSentTMS);
  return since >= DIGEST_PERIOD_MS[facts.setting] ? 'send' : 'wait';
}

/** The subject line: how many, never what. */
export function digestSubject(count: number, say: Say = sayInEnglish): string {
  // Two messages, not an ICU plural: a language with more plural forms writes its own plural
  // inside the second (`{count, plural, ...}`), English needs only these two.
  return count === 1
    ? say('Ruminations: 1 new notification')
    : say('Ruminations: {count} new notifications', { count });
}

/** A digest's unsubscribe link that was forged, altered or cut (the server and the mock say it). */
export const DIGEST_PROBLEMS = {
  unsubscribeLinkInvalid: {
    status: 400,
    title: 'This unsubscribe link is not valid',
    detail: 'Use the link of a digest email as it came, or turn the digest off in Settings.',
  },
} as const satisfies Record<string, Refusal>;
