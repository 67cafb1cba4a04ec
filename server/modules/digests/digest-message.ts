import type { Notification } from '../../../src/api/notification-schemas';
import { digestSubject } from '../../../src/domain/email-digest';
import { notificationTextOutsideApp } from '../../../src/domain/notification-words';
import type { EmailDigest } from '../../../src/domain/preferences';
import type { MailMessage } from '../../mail/mailer';

/**
 * The text of a digest email: one sentence per notification (the app's own words for it, naming
 * the actor by display name and, when it differs, username: the email has no profile link to tell
 * who wrote), a link to the app's notifications, and how to stop them. Never a
 * note's or a comment's words: notifications carry none, and the email reads them alone.
 */

/** Sentences written out; more are counted ("and 3 more"), the app shows them all. */
export const DIGEST_LISTED_MAX = 20;

export interface DigestContent {
  appUrl: string;
  to: string;
  displayName: string;
  setting: Exclude<EmailDigest, 'off'>;
  recipientId: number;
  /** The notifications to tell, oldest first. */
  notifications: readonly Notification[];
  unsubscribeToken: string;
}

/** The one-click address (RFC 8058) a mail client POSTs to; the API, not a page. */
export function oneClickUnsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The app's page that asks before unsubscribing, for the person reading the email. */
export function unsubscribePageUrl(appUrl: string, token: string): string {
  return `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function digestEmail(content: DigestContent): MailMessage {
  const count = content.notifications.length;
  const listed = content.notifications.slice(0, DIGEST_LISTED_MAX);
  const notificationsUrl = `${content.appUrl}/notifications`;
  const period = content.setting === 'daily' ? 'once a day' : 'once a week';
  const lines = [
    `Hello ${content.displayName},`,
    '',
    count === 1 ? 'Something new in Ruminations:' : `${count} new things in Ruminations:`,
    '',
    ...listed.map((n) => `- ${notificationTextOutsideApp(n, content.recipientId)}`),
    ...(count > listed.length ? [`- and ${count - listed.length} more`] : []),
    '',
    `See them in the app: ${notificationsUrl}`,
    '',
    `You get this email at most ${period}, when something new is unread. To stop these emails:`,
    unsubscribePageUrl(content.appUrl, content.unsubscribeToken),
    "(or change it in the app's Settings).",
  ];
  return {
    to: content.to,
    subject: digestSubject(count),
    text: lines.join('\n'),
    link: { url: notificationsUrl, logLabel: `Email digest for ${content.to}` },
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(content.appUrl, content.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
