import { pino } from 'pino';
import { buildApp } from './app';
import { resolveJwtSecret } from './credentials/jwt-secret';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/open-database';
import { loggerOptions } from './logging';
import { createMailer } from './mail/create-mailer';

/** The server process: configuration → database (migrated, seeded) → app → listen; clean exit. */

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = pino(loggerOptions(config.logLevel));
  const db = await openDatabase(config);
  const mailer = createMailer(config, log);
  const app = await buildApp({
    config,
    db,
    mailer,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    loggerInstance: log,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: finishing open requests, then stopping`);
    // Requests in flight get 10 s; after that the process ends anyway.
    setTimeout(() => process.exit(1), 10_000).unref();
    app
      .close()
      .then(() => Promise.all([db.destroy(), mailer.close()]))
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'Error while stopping');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
