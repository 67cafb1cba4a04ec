import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** Real mail with SMTP_URL; else the outbox folder plus one log line per link. */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl !== undefined) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  log.info(
    `No SMTP_URL: emails are written to ${path.join(config.dataDir, 'outbox')} and their links logged`,
  );
  return createOutboxMailer(path.join(config.dataDir, 'outbox'), log, config.mailFrom);
}
