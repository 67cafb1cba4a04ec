import { HTTP_PROBLEMS, MAX_BODY_BYTES, queryIsUtf8 } from '../src/api/http-problems';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node:querystring';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import { installReadYourWrites } from './http/read-your-writes';
import { installRequestAuth } from './credentials/request-auth';
import { BackgroundTasks } from './background-tasks';
import { installApiCompression } from './http/api-compression';
import { installErrorHandling, sendProblemDetails } from './http/error-handler';
import { installMessageLanguages } from './i18n/message-answers';
import { ApiProblem, buildProblemDetails } from '../src/api/problem';
import { matchQueryNamesIgnoringCase } from './http/query-names';
import { createRateCounters, type RateCounters } from './http/rate-counters';
import { loggerOptions } from './logging';
import type { Mailer } from './mail/mailer';
import { registerModules } from './modules/register-modules';
import { scheduleTrashSweep } from './modules/ruminations/trash-retention';
import { scheduleMediaSweep } from './modules/media/media-sweep';
import { scheduleBackups } from './backup/backup-schedule';
import { createNotificationBus } from './modules/notifications/notification-bus';
import { OpenStreams } from './modules/notifications/notification-open-streams';
import { responseSerializerCompiler } from './http/response-serializer';
import { assetHeaders, securityHeaders } from './http/security-headers';
import { inlineScriptSources } from './http/inline-scripts';
import { isAssetPath, registerSpa } from './http/spa';

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<Database>;
  jwtSecret: Uint8Array;
  mailer: Mailer;
  /** Pino options or false; defaults to the redacting options of logging.ts at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Defaults to createRateCounters(db); tests pass their own clock. */
  rateCounters?: RateCounters;
  /** A ready logger (main.ts shares one with the mailer); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: AppConfig;
    mailer: Mailer;
    jwtSecret: Uint8Array;
    /** Counters of every rate limit (memory on SQLite, shared through PostgreSQL). */
    rateCounters: RateCounters;
    /** Work after the answer; closing the app waits for it. */
    background: BackgroundTasks;
  }
}

/** The whole HTTP app, without a port: main.ts listens, tests use app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(config.logLevel) }),
    // Bodies over 64 KiB are refused with 413 (api-contract.md "Conventions"), as the mock does.
    bodyLimit: MAX_BODY_BYTES,
    // A number means "trust that many proxy hops" (Fastify's types only take the function form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { querystringParser: (query) => parse(query), ignoreTrailingSlash: true },
    // A path that is not valid percent-encoding never reaches the router: answer it here.
    frameworkErrors: (error, request, rawReply) => {
      // Typed for a route's generics here; this reply belongs to no route.
      const reply = rawReply as unknown as FastifyReply;
      const { status, title } = HTTP_PROBLEMS.urlMalformed;
      void sendProblemDetails(
        request,
        reply.header('cache-control', 'no-store'),
        buildProblemDetails(status, title, error.message),
      );
    },
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  app.decorate('db', options.db);
  // First of all hooks: every statement of the request, authentication's included, finds its
  // request's routing state (read replicas only).
  installReadYourWrites(app, options.db);
  app.decorate('config', config);
  app.decorate('mailer', options.mailer);
  app.decorate('jwtSecret', options.jwtSecret);
  app.decorate('rateCounters', options.rateCounters ?? createRateCounters(options.db));
  app.decorate('background', new BackgroundTasks(app.log));
  app.addHook('onClose', async () => app.background.settled());

  // Live notifications: the bus the writing routes publish to (notification-events.ts) and the
  // open streams. Streams never end by themselves, so closing the app ends them first (preClose:
  // before the server waits for its connections); the bus closes after (no stream listens then).
  const notificationBus = createNotificationBus(
    options.db,
    config.databaseListenUrl ?? config.databaseUrl,
    app.log,
  );
  const notificationStreams = new OpenStreams();
  app.decorate('notificationPublisher', notificationBus);
  app.decorate('notificationStreams', notificationStreams);
  app.addHook('onReady', async () => notificationBus.start());
  app.addHook('preClose', async () => notificationStreams.closeAll());
  app.addHook('onClose', async () => notificationBus.close());

  // A call that takes no body accepts an empty one even with Content-Type: application/json.
  // Bytes that are not UTF-8 are refused, not decoded into U+FFFD: text is never silently changed.
  const defaultJsonParser = app.getDefaultJsonParser('remove', 'remove');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(ApiProblem.of(HTTP_PROBLEMS.bodyNotUtf8), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });
  const serveSpa = fs.existsSync(path.join(config.staticDir, 'index.html'));
  installErrorHandling(app, serveSpa);
  installMessageLanguages(app);
  installRequestAuth(app, options.db, options.jwtSecret);

  // Security headers (CSP and its companions) on every answer, API, app and errors alike, but the
  // build's hashed files, which are no documents (assetHeaders); API answers are personal besides:
  // never stored by a browser or a shared cache. One synchronous hook, as it runs on every request.
  const headers = securityHeaders(inlineScriptSources(config.staticDir));
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  const assetOnlyHeaders = assetHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    const api = request.url.startsWith('/api/') || request.url === '/api';
    void reply.headers(api ? apiHeaders : isAssetPath(request.url) ? assetOnlyHeaders : headers);
    // The query parser (node:querystring) reads bytes that are not UTF-8 as U+FFFD: refuse them
    // first, as the JSON parser below refuses such a body.
    done(queryIsUtf8(request.url) ? undefined : ApiProblem.of(HTTP_PROBLEMS.queryNotUtf8));
  });

  matchQueryNamesIgnoringCase(app);
  if (config.apiCompression) installApiCompression(app);

  // Modules register their routes with full paths (/api/...) on the root instance.
  await registerModules(app);
  // The trash's retention: erased in the background, by one instance at a time.
  scheduleTrashSweep(app);
  scheduleMediaSweep(app);
  // BACKUP_DIR on SQLite: a backup every BACKUP_INTERVAL_SECONDS (server/backup).
  scheduleBackups(app);

  if (serveSpa) await registerSpa(app, config.staticDir);

  return app;
}
