import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer';

/** The address of a message's To header (as send writes it), in lower case. */
function recipientOf(message: string): string | undefined {
  const headers = message.split('\r\n\r\n', 1)[0] ?? '';
  const to = headers.split('\r\n').find((line) => line.startsWith('To: '));
  return to?.slice('To: '.length).trim().toLowerCase();
}

/**
 * The mailer without SMTP: every message becomes a file in DATA_DIR/outbox/, and its link one log
 * line ("Activation link for alice: http://..."), so a person trying the app alone, and the
 * browser tests that read the server log, can follow it.
 */
export function createOutboxMailer(
  outboxDir: string,
  log: FastifyBaseLogger,
  from: string,
): Mailer {
  return {
    async send(message: MailMessage) {
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      const content = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        `Date: ${new Date().toUTCString()}`,
        // Kept as sent, so a person or a test reading the file sees them (List-Unsubscribe).
        ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text,
        '',
      ].join('\r\n');
      await fs.writeFile(file, content, { mode: 0o600 });
      if (message.link) log.info(`${message.link.logLabel}: ${message.link.url}`);
      else log.info({ file }, `Mail for ${message.to} written to the outbox`);
    },
    async forgetMessagesTo(address: string) {
      const wanted = address.toLowerCase();
      let names: string[];
      try {
        names = await fs.readdir(outboxDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      // One at a time: an outbox left to grow for months must not open every file at once.
      for (const name of names.filter((n) => n.endsWith('.eml'))) {
        const file = path.join(outboxDir, name);
        const to = recipientOf(await fs.readFile(file, 'utf8'));
        if (to === wanted) await fs.rm(file, { force: true });
      }
    },
    close: () => Promise.resolve(),
  };
}
