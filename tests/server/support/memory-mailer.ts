import type { Mailer, MailMessage } from '../../../server/mail/mailer';

/** A mailer that keeps messages, so tests can read the links a person would get. */
export interface MemoryMailer extends Mailer {
  sent: MailMessage[];
  /** The last message sent to `to`, or undefined. */
  lastTo(to: string): MailMessage | undefined;
}

export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    send(message) {
      sent.push(message);
      return Promise.resolve();
    },
    forgetMessagesTo(address) {
      const kept = sent.filter((m) => m.to.toLowerCase() !== address.toLowerCase());
      sent.splice(0, sent.length, ...kept);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
    lastTo(to) {
      return sent.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
    },
  };
}

/** The token query parameter of a message's link. */
export function tokenFromMail(message: MailMessage | undefined): string {
  const url = message?.link?.url;
  if (url === undefined) throw new Error('The message has no link');
  const token = new URL(url).searchParams.get('token');
  if (token === null) throw new Error(`The link has no token: ${url}`);
  return token;
}
