import type { Language } from '../../../src/api/languages';
import type { Notification } from '../../../src/api/notification-schemas';
import { digestSubject } from '../../../src/domain/email-digest';
import { notificationTextOutsideApp } from '../../../src/domain/notification-words';
import type { EmailDigest } from '../../../src/domain/preferences';
import { sayFor } from '../../i18n/say-for';
import type { MailMessage } from '../../mail/mailer';

/**
 * The text of a digest email: one sentence per notification (the app's own words for it, naming
 * the actor by display name and, when it differs, username: the email has no profile link to tell
 * who wrote), a link to the app's notifications, and how to stop them. Never a
 * note's or a comment's words: notifications carry none, and the email reads them alone. In the
 * recipient's language (api-contract.md "Languages"; server/i18n/recipient-language.ts).
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
  /** The recipient's language; English when not given. */
  language?: Language;
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
  const say = sayFor(content.language ?? 'en');
  const count = content.notifications.length;
  const listed = content.notifications.slice(0, DIGEST_LISTED_MAX);
  const notificationsUrl = `${content.appUrl}/notifications`;
  const more = count - listed.length;
  const lines = [
    say('Hello {name},', { name: content.displayName }),
    '',
    count === 1
      ? say('Something new in Ruminations:')
      : say('{count} new things in Ruminations:', { count }),
    '',
    ...listed.map((n) => `- ${notificationTextOutsideApp(n, content.recipientId, say)}`),
    ...(more > 0 ? [`- ${say('and {count} more', { count: more })}`] : []),
    '',
    say('See them in the app: {url}', { url: notificationsUrl }),
    '',
    content.setting === 'daily'
      ? say(
          'You get this email at most once a day, when something new is unread. To stop these emails:',
        )
      : say(
          'You get this email at most once a week, when something new is unread. To stop these emails:',
        ),
    unsubscribePageUrl(content.appUrl, content.unsubscribeToken),
    say("(or change it in the app's Settings)."),
  ];
  return {
    to: content.to,
    subject: digestSubject(count, say),
    text: lines.join('\n'),
    link: { url: notificationsUrl, logLabel: `Email digest for ${content.to}` },
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(content.appUrl, content.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
