import type { Language } from '../../../src/api/languages';
import { sayFor } from '../../i18n/say-for';
import type { MailMessage } from '../../mail/mailer';

/**
 * The texts of the account emails, in the recipient's language (api-contract.md "Languages": the
 * sign-up's Accept-Language for the activation email at sign-up, else recipientLanguage of
 * server/i18n/recipient-language.ts). Links point at the web app (APP_URL), never at the API.
 */

export function activationEmail(
  appUrl: string,
  username: string,
  to: string,
  token: string,
  language: Language = 'en',
): MailMessage {
  const say = sayFor(language);
  const url = `${appUrl}/activate?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: say('Activate your Ruminations account'),
    text: [
      say('Hello {name},', { name: username }),
      '',
      say('Welcome to Ruminations. Open this link to activate your account:'),
      '',
      url,
      '',
      say(
        'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
      ),
    ].join('\n'),
    link: { url, logLabel: `Activation link for ${username} <${to}>` },
  };
}

export function passwordResetEmail(
  appUrl: string,
  username: string,
  to: string,
  token: string,
  language: Language = 'en',
): MailMessage {
  const say = sayFor(language);
  const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: say('Reset your Ruminations password'),
    text: [
      say('Hello {name},', { name: username }),
      '',
      say(
        'Someone asked to reset the password of your Ruminations account. Open this link to choose a new one:',
      ),
      '',
      url,
      '',
      say(
        'The link works once and expires in 1 hour. If you did not ask for it, ignore this email; your password stays as it is.',
      ),
    ].join('\n'),
    link: { url, logLabel: `Password reset link for ${username} <${to}>` },
  };
}

/** Sent instead of an activation email when someone signs up with an address that has an account. */
export function emailInUseEmail(
  appUrl: string,
  username: string,
  to: string,
  language: Language = 'en',
): MailMessage {
  const say = sayFor(language);
  return {
    to,
    subject: say('Someone tried to sign up with your email address'),
    text: [
      say('Hello {name},', { name: username }),
      '',
      // One sentence, its English broken where it always was.
      say(
        'Someone just tried to create a Ruminations account with this email address, which already\nbelongs to your account. If it was you, sign in instead, or reset your password here:',
      ),
      '',
      `${appUrl}/forgot-password`,
      '',
      say('If it was not you, you can ignore this email; nothing has changed.'),
    ].join('\n'),
  };
}
