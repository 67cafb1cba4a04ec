import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../server/app';
import { hashPassword } from '../../../server/credentials/password';
import { eachRateLimit, loadConfig, type AppConfig, type RateLimits } from '../../../server/config';
import type { Database } from '../../../server/db/schema';
import type { Mailer } from '../../../server/mail/mailer';
import { seedInitialTerms } from '../../../server/modules/terms/terms-seed';
import { createMemoryMailer, type MemoryMailer } from './memory-mailer';
import { createTestDatabase, testConnectionConfig } from './test-database';
import { insertActiveUser, type TestUser } from './test-users';

/** Terms text of the test databases (the real one is seeded by main.ts). */
export const TEST_TERMS_CONTENT = '# Terms of Service\n\n## 1. Acceptance\n\nTest terms.';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  mailer: MemoryMailer;
  /** The temp folder used as DATA_DIR (outbox, secrets). */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Overrides of the test configuration (rate limits are effectively off unless set here). */
  config?: Partial<AppConfig>;
  logger?: FastifyServerOptions['logger'];
  /** Another mailer than the in-memory one (e.g. the outbox). */
  mailer?: Mailer;
  /** Seed terms version 1.0 (default true). */
  seedTerms?: boolean;
  /** Kysely plugins on the app's database only (e.g. to count the queries of a request). */
  dbPlugins?: KyselyPlugin[];
  /** Routes only a test needs (e.g. to exercise requireWriter), added before the app is ready. */
  extraRoutes?: (app: FastifyInstance) => void;
}

/** Rate limits no test reaches, but for the `strict` ones (what the limits' own tests set). */
export function testRateLimits(strict: Partial<RateLimits> = {}): RateLimits {
  const huge = { max: 1_000_000, windowMs: 60_000 };
  return { enabled: true, ...eachRateLimit(() => huge), ...strict };
}

/**
 * The server's defaults (loadConfig of an environment of its own, not the process's), with what
 * tests need instead: a free port, a quiet log, a temp DATA_DIR, and testRateLimits().
 */
export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: 'http://app.test',
    MAIL_FROM: 'Ruminations <no-reply@app.test>',
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'no-dist'),
    MEDIA_DECODE_CONCURRENCY: '2',
  });
  return { ...config, rateLimits: testRateLimits(), ...overrides };
}

/**
 * A fresh app on a fresh database, migrated, with terms 1.0 seeded: in-memory SQLite, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set (see test-database.ts), through PgBouncer when
 * TEST_DATABASE_POOLER_URL is set too, its notification listener then connected directly.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-test-'));
  const testDb = await createTestDatabase();
  const db = testDb.db;
  if (options.seedTerms ?? true) await seedInitialTerms(db, TEST_TERMS_CONTENT);
  const memoryMailer = createMemoryMailer();
  const app = await buildApp({
    config: testConfig(dataDir, {
      databaseUrl: testDb.databaseUrl,
      databaseListenUrl: testDb.listenUrl,
      ...testConnectionConfig(),
      ...options.config,
    }),
    db: (options.dbPlugins ?? []).reduce((plugged, plugin) => plugged.withPlugin(plugin), db),
    jwtSecret: randomBytes(32),
    mailer: options.mailer ?? memoryMailer,
    logger: options.logger ?? false,
  });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    db,
    mailer: memoryMailer,
    dataDir,
    async close() {
      await app.close();
      await testDb.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app of a file's tests (or a describe block's): created before the first of them, closed after
 * the last. The returned object is filled in when the app is ready, so `const t = setUpTestApp()` at
 * the top serves every test below it.
 */
export function setUpTestApp(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(() => t.close());
  return t;
}

let userCounter = 0;

/**
 * An activated user who has accepted the current terms, inserted directly, with a valid access
 * token. `acceptTerms: false` leaves the terms unaccepted (writes then answer 403).
 */
export async function createActiveUser(
  app: FastifyInstance,
  options: {
    username?: string;
    displayName?: string;
    email?: string;
    password?: string;
    acceptTerms?: boolean;
  } = {},
): Promise<TestUser> {
  userCounter += 1;
  const username = options.username ?? `user${userCounter}_${randomBytes(3).toString('hex')}`;
  const email = options.email ?? `${username.toLowerCase()}@example.test`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const { id, token } = await insertActiveUser(app.db, app.jwtSecret, {
    username,
    displayName: options.displayName,
    email,
    // A password of the test's own is hashed anew, with a salt of its own, as sign-up would.
    passwordHash: await (options.password === undefined
      ? defaultPasswordHash()
      : hashPassword(password)),
    acceptTerms: options.acceptTerms,
  });
  return { id, username, email, password, token };
}

const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

/**
 * The argon2id hash of the default test password, computed once per worker: a real hash (signing
 * in works as for anyone) without paying ~50 ms of hashing for each of the suite's people.
 */
function defaultPasswordHash(): Promise<string> {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  return defaultHash;
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
