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
  /**
   * Removes every message to `address` (compared ignoring case) that this mailer still keeps, when
   * that person's account is erased (api-contract.md "My account").
   */
  forgetMessagesTo(address: string): Promise<void>;
  close(): Promise<void>;
}
