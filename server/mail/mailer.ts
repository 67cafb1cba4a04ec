/**
 * What the server sends (account flows, digests). The link is kept apart so the no-SMTP outbox can
 * log it alone.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the message, with the log line that announces it without SMTP. */
  link?: { url: string; logLabel: string };
  /**
   * Header fields beyond From, To, Subject and Date (a digest's List-Unsubscribe, RFC 8058). Names
   * and values are the server's own, never a person's input: no line breaks in them.
   */
  headers?: Record<string, string>;
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
