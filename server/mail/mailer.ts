/** What the account flows send. The link is kept apart so the no-SMTP outbox can log it alone. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the message, with the log line that announces it without SMTP. */
  link?: { url: string; logLabel: string };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
