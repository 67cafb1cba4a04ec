import { plural, t } from '@lingui/core/macro';
import type { Notification } from '../../api/notification-schemas';
import type { Language } from '../../api/languages';
import { sayShared, spokenLanguage } from '../../lib/i18n/language';

/**
 * Where a notification leads in the app's router, and how its note's first line and time read. The
 * sentence itself is src/domain/notification-words.ts (shared with Web Push titles and digests),
 * as is the same place as a plain path (`notificationPath`, for the service worker). The note's
 * own words (its first line, `firstLineOf`) are fetched apart, as the reader may see the note.
 */
import { notificationText } from '../../domain/notification-words';

export { notificationText };

/** A notification's sentence around the actor's name, which the page shows apart (in <bdi>). */
export interface NotificationSentence {
  before: string;
  /** The actor's display name; "" if the sentence names nobody. */
  name: string;
  after: string;
}

/** Holds the name's place while the sentence is made: words of the sentence never contain it. */
const NAME_PLACE = '\u0000';

/**
 * The sentence of `notificationText` in the language spoken, cut where the actor's name goes, so
 * that a name written right to left (أميرة حسن) is isolated from the words around it instead of
 * turning them round ("asked to be أميرة حسن / your Friend"), and a Latin name in an Arabic sentence
 * likewise. The words stay in one place (notification-words.ts).
 */
export function notificationSentence(
  n: Notification,
  viewerId: number | null,
): NotificationSentence {
  const placed = notificationText(
    { ...n, actor: { ...n.actor, displayName: NAME_PLACE } },
    viewerId,
    sayShared,
  );
  const at = placed.indexOf(NAME_PLACE);
  if (at < 0) return { before: placed, name: '', after: '' };
  return {
    before: placed.slice(0, at),
    name: n.actor.displayName,
    after: placed.slice(at + NAME_PLACE.length),
  };
}

export type NotificationTarget =
  | { to: '/people' }
  | {
      to: '/rumination/$ruminationId';
      params: { ruminationId: string };
      /** A comment's own place on the page (`id="comment-<id>"`), for a comment notification. */
      hash?: string;
    };

/**
 * Relations are answered and seen on People; a comment is read where it stands under its
 * rumination (the page scrolls to `#comment-<id>`).
 */
export function notificationTarget(n: Notification): NotificationTarget {
  if (n.ruminationId !== null) {
    const params = { ruminationId: String(n.ruminationId) };
    return n.commentId === null
      ? { to: '/rumination/$ruminationId', params }
      : { to: '/rumination/$ruminationId', params, hash: `comment-${n.commentId}` };
  }
  return { to: '/people' };
}

/** About how many characters of a note's first line a notification shows. */
export const FIRST_LINE_MAX = 80;

/**
 * A note's first line as a reader would say it: the first line with words, its Markdown markers
 * gone (heading, quote, list and task markers, emphasis, links and images by their text, table
 * pipes, code fences), cut to about 80 characters at a word where it can be. "" when no line has
 * words.
 */
export function firstLineOf(content: string, max: number = FIRST_LINE_MAX): string {
  for (const raw of content.split('\n')) {
    const line = plainLine(raw);
    if (line !== '') return cutAt(line, max);
  }
  return '';
}

function plainLine(line: string): string {
  return (
    line
      // Block markers at the start: quotes, headings, list items, task boxes.
      .replace(/^[ \t]*(>[ \t]?)*/, '')
      .replace(/^#{1,6}([ \t]+|$)/, '')
      .replace(/^([-*+]|\d{1,9}[.)])[ \t]+/, '')
      .replace(/^\[[ xX]\][ \t]+/, '')
      // Code fences, thematic breaks and table delimiter rows say nothing.
      .replace(/^(`{3,}|~{3,}).*$/, '')
      .replace(/^([-*_=:|][ \t]*)+$/, '')
      // Images and links by their text; autolinks by their address; raw HTML tags dropped.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/<((?:https?|mailto|xmpp|ircs?):[^>\s]*)>/gi, '$1')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      // Emphasis, strikethrough and code markers; `_` only at a word's edge (snake_case stays).
      .replace(/(\*+|~+|`+)/g, '')
      .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
      // Backslash escapes show their character; a table row reads as its cells.
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
      .replace(/^\||\|$/g, '')
      .replace(/\s*\|\s*/g, ' · ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** At most `max` characters (code points: an emoji is not split), cut after a word if one ends late enough. */
function cutAt(line: string, max: number): string {
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  const head = chars.slice(0, max).join('');
  const lastSpace = head.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? head.slice(0, lastSpace) : head).trimEnd()}…`;
}

/** "9+" above nine: the badge stays small; the accessible name has the exact number. */
export function badgeText(count: number): string {
  const language = spokenLanguage();
  return count > 9 ? `${(9).toLocaleString(language)}+` : count.toLocaleString(language);
}

export function bellLabel(count: number): string {
  return count > 0
    ? t`${plural(count, { one: 'Notifications, # unread', other: 'Notifications, # unread' })}`
    : t`Notifications`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Made once per language, when first needed in it. */
const relativeFormatters = new Map<Language, Intl.RelativeTimeFormat>();
const absoluteFormatters = new Map<Language, Intl.DateTimeFormat>();

function relativeFormatter(language: Language): Intl.RelativeTimeFormat {
  let formatter = relativeFormatters.get(language);
  if (formatter === undefined) {
    formatter = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeFormatters.set(language, formatter);
  }
  return formatter;
}

function absoluteFormatter(language: Language): Intl.DateTimeFormat {
  let formatter = absoluteFormatters.get(language);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    absoluteFormatters.set(language, formatter);
  }
  return formatter;
}

/**
 * The exact time, for the tooltip, in the language spoken. As lib/format-time.ts does it, but kept
 * here: importing that module would add one more chunk name to the first-load bundle's list (see
 * `npm run budget`).
 */
export function absoluteTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return absoluteFormatter(spokenLanguage()).format(date);
}

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago `iso` was, in the language
 * spoken.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 45) return t`just now`;
  const formatter = relativeFormatter(spokenLanguage());
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return formatter.format(-Math.floor(seconds / size), unit);
  }
  return formatter.format(-1, 'minute');
}
