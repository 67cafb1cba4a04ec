import { COMPOSER_PATH, WRITE_REMINDER_TITLE } from '../../../src/domain/write-reminders';
import type { MailMessage } from '../../mail/mailer';
import { oneClickUnsubscribeUrl } from '../digests/digest-message';

/**
 * The email a person without a push device gets instead of a reminder's Web Push (contract:
 * "Memories", reminders): the same title and on-this-day line, a link to the composer, and how to
 * stop it. Never a note's words: the body is counts only (src/domain/write-reminders.ts).
 */
export interface ReminderEmailContent {
  appUrl: string;
  to: string;
  displayName: string;
  body: string | null;
  /** The signed token of the one-click unsubscribe (digest-tokens.ts, the reminder's purpose). */
  unsubscribeToken: string;
}

export function reminderEmail(content: ReminderEmailContent): MailMessage {
  const composeUrl = `${content.appUrl}${COMPOSER_PATH}`;
  const lines = [
    `Hello ${content.displayName},`,
    '',
    `${WRITE_REMINDER_TITLE}.`,
    ...(content.body === null ? [] : ['', content.body]),
    '',
    `Write now: ${composeUrl}`,
    '',
    'You get this email because you asked to be reminded to write, and no device of yours takes',
    'notifications. To stop it, turn off "Remind me to write" in Settings:',
    `${content.appUrl}/settings`,
  ];
  return {
    to: content.to,
    subject: WRITE_REMINDER_TITLE,
    text: lines.join('\n'),
    link: { url: composeUrl, logLabel: `Reminder to write for ${content.to}` },
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(content.appUrl, content.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
