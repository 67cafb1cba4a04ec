import type { Notification } from '../../api/notification-schemas';
import { relationLabelFor, relationTypeLabel } from '../../domain/relation-types';

/**
 * What one notification says and where it leads. Notifications carry ids and names only, so the
 * line is built from the kind, the actor's name and the relation type, never from any note's or
 * comment's words.
 */

export function notificationText(n: Notification, viewerId: number | null): string {
  const who = n.actor.username;
  switch (n.kind) {
    case 'RelationRequested':
      // The viewer received the request. The receiver of a Therapist request is the therapist, so
      // from their side the asker wants to be their "Patient" (relationLabelFor).
      return n.relationType === null
        ? `${who} sent you a relation request`
        : `${who} asked to be your ${relationLabelFor({ type: n.relationType, receiver: { id: viewerId ?? -1 } }, viewerId)}`;
    case 'RelationAccepted':
      return n.relationType === null
        ? `${who} accepted your request`
        : `${who} accepted your ${relationTypeLabel(n.relationType)} request`;
    case 'CommentOnMyRumination':
      return `${who} commented on your rumination`;
    case 'ReplyToMyComment':
      return `${who} replied to your comment`;
  }
}

export type NotificationTarget =
  { to: '/people' } | { to: '/rumination/$ruminationId'; params: { ruminationId: string } };

/** Relations are answered and seen on People; comments are read under their rumination. */
export function notificationTarget(n: Notification): NotificationTarget {
  if (n.ruminationId !== null) {
    return { to: '/rumination/$ruminationId', params: { ruminationId: String(n.ruminationId) } };
  }
  return { to: '/people' };
}

/** "9+" above nine: the badge stays small; the accessible name has the exact number. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let relativeFormatter: Intl.RelativeTimeFormat | undefined;
let absoluteFormatter: Intl.DateTimeFormat | undefined;

/**
 * The exact time, for the tooltip. As lib/format-time.ts does it, but kept here: importing that
 * module would add one more chunk name to the first-load bundle's list (see `npm run budget`).
 */
export function absoluteTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  absoluteFormatter ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return absoluteFormatter.format(date);
}

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago `iso` was. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 45) return 'just now';
  relativeFormatter ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relativeFormatter.format(-Math.floor(seconds / size), unit);
  }
  return relativeFormatter.format(-1, 'minute');
}
