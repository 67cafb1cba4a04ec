import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Real mail through the SMTP server of SMTP_URL (smtp://user:pass@host:587 or smtps://...). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers === undefined ? {} : { headers: message.headers }),
      });
    },
    // Nothing is kept here: what went out is in the recipient's mailbox, beyond our reach.
    forgetMessagesTo: () => Promise.resolve(),
    close: () => {
      transport.close();
      return Promise.resolve();
    },
  };
}
