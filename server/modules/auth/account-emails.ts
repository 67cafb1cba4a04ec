import type { MailMessage } from '../../mail/mailer';

/** The texts of the account emails. Links point at the web app (APP_URL), never at the API. */

export function activationEmail(
  appUrl: string,
  username: string,
  to: string,
  token: string,
): MailMessage {
  const url = `${appUrl}/activate?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Activate your Ruminations account',
    text: [
      `Hello ${username},`,
      '',
      'Welcome to Ruminations. Open this link to activate your account:',
      '',
      url,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    ].join('\n'),
    link: { url, logLabel: `Activation link for ${username} <${to}>` },
  };
}

export function passwordResetEmail(
  appUrl: string,
  username: string,
  to: string,
  token: string,
): MailMessage {
  const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your Ruminations password',
    text: [
      `Hello ${username},`,
      '',
      'Someone asked to reset the password of your Ruminations account. Open this link to choose a new one:',
      '',
      url,
      '',
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this email; your password stays as it is.',
    ].join('\n'),
    link: { url, logLabel: `Password reset link for ${username} <${to}>` },
  };
}

/** Sent instead of an activation email when someone signs up with an address that has an account. */
export function emailInUseEmail(appUrl: string, username: string, to: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to sign up with your email address',
    text: [
      `Hello ${username},`,
      '',
      'Someone just tried to create a Ruminations account with this email address, which already',
      'belongs to your account. If it was you, sign in instead, or reset your password here:',
      '',
      `${appUrl}/forgot-password`,
      '',
      'If it was not you, you can ignore this email; nothing has changed.',
    ].join('\n'),
  };
}
