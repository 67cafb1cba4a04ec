import { isLanguage, type Language } from '../api/languages';
import type { Notification } from '../api/notification-schemas';
import { NOTIFICATION_KINDS } from '../domain/notification-kinds';
import { notificationPath, pushTag } from '../domain/notification-words';
import { RELATION_TYPE_VALUES } from '../domain/relation-types';
import { COMPOSER_PATH, WRITE_REMINDER_KIND, WRITE_REMINDER_TAG } from '../domain/write-reminders';
import type { PushNotificationOptions } from './worker-types';

/**
 * What the service worker shows for one Web Push message (contract: "Reach them when the app is
 * closed"). The payload is `{ title, notification }`: a sentence naming the actor and the
 * notification as the list shows it, names and ids only; or a reminder to write, `{ kind:
 * "WriteReminder", title, body }`. The worker keeps no copy of zod (it would
 * weigh more than the rest of the worker), so the shape is checked here by hand.
 */

export const APP_ICON = '/icons/icon-192.png';
/** Android's status bar draws the badge's alpha channel only: a white mark on transparent. */
export const BADGE_ICON = '/icons/badge-96.png';

/**
 * Chromium subscribes with userVisibleOnly, so every push must show something; a message the
 * worker cannot read (another build's shape) still says that something happened and leads to the
 * list, where the app reads the notification itself.
 */
export const UNREADABLE_TITLE = 'Ruminations';
export const UNREADABLE_BODY = 'You have a new notification';
export const UNREADABLE_PATH = '/notifications';
export const UNREADABLE_TAG = 'notifications';

/** Longer titles than this are not a sentence the server writes. */
const TITLE_MAX = 500;

export interface NotificationToShow {
  title: string;
  options: PushNotificationOptions;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isIdOrNull = (value: unknown) => value === null || isId(value);
const isString = (value: unknown): value is string => typeof value === 'string';

function isNotification(value: unknown): value is Notification {
  if (!isObject(value)) return false;
  const { actor } = value;
  return (
    isId(value.id) &&
    (NOTIFICATION_KINDS as readonly unknown[]).includes(value.kind) &&
    isString(value.createTMS) &&
    typeof value.isRead === 'boolean' &&
    isObject(actor) &&
    isId(actor.id) &&
    isString(actor.username) &&
    isString(actor.displayName) &&
    isIdOrNull(value.ruminationId) &&
    isIdOrNull(value.commentId) &&
    isIdOrNull(value.relationId) &&
    (value.relationType === null ||
      (RELATION_TYPE_VALUES as readonly unknown[]).includes(value.relationType))
  );
}

/** The payload as sent, or null when it is not JSON of the contract's shape. */
export function readPushPayload(
  text: string,
): { title: string; notification: Notification; lang?: Language } | null {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(payload)) return null;
  const { title, notification } = payload;
  if (!isString(title) || title.trim() === '' || title.length > TITLE_MAX) return null;
  if (!isNotification(notification)) return null;
  return { title, notification, ...languageOf(payload) };
}

/** The words' language (`lang`, api-contract.md "Languages") when not English, as sent. */
function languageOf(payload: Fields): { lang?: Language } {
  return isLanguage(payload.lang) && payload.lang !== 'en' ? { lang: payload.lang } : {};
}

/**
 * A "Remind me to write" message (contract: "Memories", reminders): `{ kind: "WriteReminder",
 * title, body }`, the body a line of counts or null. Null when the text is not one.
 */
export function readWriteReminder(
  text: string,
): { title: string; body: string | null; lang?: Language } | null {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(payload) || payload.kind !== WRITE_REMINDER_KIND) return null;
  const { title, body } = payload;
  if (!isString(title) || title.trim() === '' || title.length > TITLE_MAX) return null;
  if (body !== null && (!isString(body) || body.length > TITLE_MAX)) return null;
  return { title, body, ...languageOf(payload) };
}

function base(tag: string, url: string, lang: Language | undefined): PushNotificationOptions {
  const options = { icon: APP_ICON, badge: BADGE_ICON, tag, renotify: true };
  return { ...options, lang: lang ?? 'en', data: { url } };
}

/**
 * The notification for a message's text (null: a push without data). Its tag is one per
 * rumination (several comments on one note replace each other), its data the page to open.
 */
export function notificationForPush(text: string | null): NotificationToShow {
  const reminder = text === null ? null : readWriteReminder(text);
  if (reminder !== null) {
    // One reminder a day, under one tag; a click opens the composer.
    return {
      title: reminder.title,
      options: {
        ...base(WRITE_REMINDER_TAG, COMPOSER_PATH, reminder.lang),
        ...(reminder.body === null ? {} : { body: reminder.body }),
      },
    };
  }
  const payload = text === null ? null : readPushPayload(text);
  if (payload === null) {
    return {
      title: UNREADABLE_TITLE,
      options: { ...base(UNREADABLE_TAG, UNREADABLE_PATH, 'en'), body: UNREADABLE_BODY },
    };
  }
  const { title, notification, lang } = payload;
  const at = Date.parse(notification.createTMS);
  return {
    title,
    options: {
      ...base(pushTag(notification), notificationPath(notification), lang),
      ...(Number.isNaN(at) ? {} : { timestamp: at }),
    },
  };
}
