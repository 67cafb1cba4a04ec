import type { Language } from '../../../src/api/languages';
import { COMPOSER_PATH, writeReminderTitle } from '../../../src/domain/write-reminders';
import { sayFor } from '../../i18n/say-for';
import type { MailMessage } from '../../mail/mailer';
import { oneClickUnsubscribeUrl } from '../digests/digest-message';

/**
 * The email a person without a push device gets instead of a reminder's Web Push (contract:
 * "Memories", reminders): the same title and on-this-day line, a link to the composer, and how to
 * stop it. Never a note's words: the body is counts only (src/domain/write-reminders.ts). In the
 * person's language, as the body already is.
 */
export interface ReminderEmailContent {
  appUrl: string;
  to: string;
  displayName: string;
  body: string | null;
  /** The signed token of the one-click unsubscribe (digest-tokens.ts, the reminder's purpose). */
  unsubscribeToken: string;
  /** The person's language; English when not given. */
  language?: Language;
}

export function reminderEmail(content: ReminderEmailContent): MailMessage {
  const say = sayFor(content.language ?? 'en');
  const title = writeReminderTitle(say);
  const composeUrl = `${content.appUrl}${COMPOSER_PATH}`;
  const lines = [
    say('Hello {name},', { name: content.displayName }),
    '',
    `${title}.`,
    ...(content.body === null ? [] : ['', content.body]),
    '',
    say('Write now: {url}', { url: composeUrl }),
    '',
    say(
      'You get this email because you asked to be reminded to write, and no device of yours takes\nnotifications. To stop it, turn off "Remind me to write" in Settings:',
    ),
    `${content.appUrl}/settings`,
  ];
  return {
    to: content.to,
    subject: title,
    text: lines.join('\n'),
    link: { url: composeUrl, logLabel: `Reminder to write for ${content.to}` },
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(content.appUrl, content.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
