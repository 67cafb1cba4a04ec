import { STREAM_HEARTBEAT_MS } from '../src/api/notification-stream-format';
import { MEDIA_QUOTA_MB_DEFAULT, TRASH_RETENTION_SECONDS_DEFAULT } from '../src/api/limits';
import { originOf } from '../src/domain/push-subscriptions';
import path from 'node:path';
import { POSTGRES_DRIVERS, type PostgresDriverName } from './db/postgres-dialect';
import { z } from 'zod';

/**
 * The server's whole configuration, read from the environment in this one place and validated with
 * zod, so that a bad value stops the start with a message naming the variable instead of failing
 * later in some request.
 */

/** One rate limit: at most `max` requests per `windowMs` per key (address or account). */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  enabled: boolean;
  /** Sign-in attempts from one address, whatever the account. */
  loginPerAddress: RateLimitRule;
  /**
   * Wrong passwords for one account from one address: a stranger elsewhere cannot lock its owner
   * out (api-contract.md "Accounts").
   */
  loginFailuresPerPair: RateLimitRule;
  /** Wrong passwords for one account from all addresses together: a ceiling on guessing only. */
  loginFailuresPerAccount: RateLimitRule;
  signupPerAddress: RateLimitRule;
  /** Reset emails sent to one account (the answer is 200 either way). */
  forgotEmailsPerAccount: RateLimitRule;
  forgotPerAddress: RateLimitRule;
  resetPerAccount: RateLimitRule;
  resetPerAddress: RateLimitRule;
  /** Reads a script could scrape (people search, note search: each counted apart), per signed-in user. */
  searchPerUser: RateLimitRule;
  /**
   * Photo uploads per signed-in user: each costs a decode slot (MEDIA_DECODE_CONCURRENCY) that
   * everyone's uploads share, and up to 15 MB of disk while it waits.
   */
  uploadsPerUser: RateLimitRule;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... selects PostgreSQL; absent means SQLite at DATA_DIR/ruminations.sqlite. */
  databaseUrl: string | undefined;
  /** SQLite's page cache (per connection) and memory-mapped window, in MB (database.ts). */
  sqliteCacheMb: number;
  sqliteMmapMb: number;
  /** Connections of the PostgreSQL pool per instance (database.ts). */
  pgPoolMax: number;
  /**
   * PostgreSQL read replicas (DATABASE_REPLICA_URLS): reads that may lag go to them, a person's
   * own writes excepted (server/db/read-routing.ts). Empty: everything on DATABASE_URL.
   */
  databaseReplicaUrls: string[];
  /** A replica further behind the primary than this is left out until it catches up. */
  replicaMaxLagMs: number;
  /**
   * Where the notification listener LISTENs (DATABASE_LISTEN_URL): a direct connection to the
   * primary when DATABASE_URL goes through a pooler in transaction mode, which cannot LISTEN.
   */
  databaseListenUrl: string | undefined;
  /**
   * Named prepared statements (PG_PREPARED_STATEMENTS, default true): off behind a pooler that
   * cannot keep them per server connection (PgBouncer before 1.21 in transaction mode).
   */
  pgPreparedStatements: boolean;
  /** The PostgreSQL driver (PG_DRIVER: pg, the default, or postgres-js; server/db/postgres-dialect.ts). */
  pgDriver: PostgresDriverName;
  /**
   * Compress JSON answers of about 1 KB and more (http/api-compression.ts). Off by default: the
   * bench measured it at 27% of the feed's req/s, over the 10% it may cost (docs/performance.md, API compression).
   */
  apiCompression: boolean;
  /** Public address of the web app; links in emails point here. No trailing slash. */
  appUrl: string;
  /** From JWT_SECRET; when absent the server generates one and keeps it in DATA_DIR. */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Value for Fastify's trustProxy: false, true, or a number of hops. */
  trustProxy: boolean | number;
  /** Folder of the built SPA; served when it exists. */
  staticDir: string;
  rateLimits: RateLimits;
  notificationStream: NotificationStreamTimings;
  /**
   * Account exports this instance runs at once; one more answers 429 with Retry-After
   * (server/modules/account/export-admission.ts). Each account runs one at a time anyway.
   */
  exportsPerInstance: number;
  /**
   * How long a deleted rumination waits in its author's trash before it is erased for good
   * (api-contract.md "Your writing is never lost"; src/domain/rumination-decisions.ts).
   */
  trashRetentionSeconds: number;
  push: PushSettings;
  /** How often the email digest looks for people due one (server/modules/digests). */
  digestIntervalMs: number;
  media: MediaSettings;
}

/** Photos (api-contract.md "Photos"; server/modules/media). */
export interface MediaSettings {
  /** What each account may hold, in bytes (MEDIA_QUOTA_MB). */
  quotaBytes: number;
  /** An S3-compatible bucket shared by every instance; absent: a folder under DATA_DIR. */
  s3: S3Settings | undefined;
  /**
   * Images this instance decodes at once (MEDIA_DECODE_CONCURRENCY); more wait their turn, so that
   * a burst of uploads neither starves reads of the CPU nor holds many decoded pictures in memory.
   */
  decodeConcurrency: number;
  /** How often one instance looks for uploads and erased notes' photos to erase (MEDIA_SWEEP_MS). */
  sweepIntervalMs: number;
}

export interface S3Settings {
  bucket: string;
  /** For a service other than AWS (MinIO, Ceph, a local test server); path-style addressing then. */
  endpoint: string | undefined;
  region: string;
}

/** Web Push (api-contract.md "Reach them when the app is closed"; server/modules/push). */
export interface PushSettings {
  /**
   * The VAPID key pair and contact, when the operator gives them; else one pair is generated on
   * first start and kept in the database (server_keys), so every instance signs with it.
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** The subject (a mailto: or https: URL) sent with a generated key pair. */
  subject: string;
  /** Exact origins besides the known push services that endpoints may name (self-hosted, tests). */
  allowedOrigins: string[];
  /**
   * How often each instance looks for due messages it was not woken for (what a restart or a dead
   * instance left); the instance that wrote a notification sends it at once.
   */
  pollMs: number;
}

/** Timers of GET /api/notifications/stream (api-contract.md "Notifications"). */
export interface NotificationStreamTimings {
  /** A comment line this often keeps proxies from closing an idle stream (contract: 25 s). */
  heartbeatMs: number;
  /** The stream's token is checked again this often; a revoked one ends it (contract: <= 30 s). */
  authCheckMs: number;
}

export const DEFAULT_NOTIFICATION_STREAM: NotificationStreamTimings = {
  heartbeatMs: STREAM_HEARTBEAT_MS,
  authCheckMs: 25_000,
};

const MINUTE = 60_000;

/** Mastodon-like defaults (api-contract.md "Accounts": per client address and per account). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  enabled: true,
  loginPerAddress: { max: 25, windowMs: 5 * MINUTE },
  loginFailuresPerPair: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 100, windowMs: 60 * MINUTE },
  signupPerAddress: { max: 5, windowMs: 30 * MINUTE },
  forgotEmailsPerAccount: { max: 5, windowMs: 30 * MINUTE },
  forgotPerAddress: { max: 25, windowMs: 30 * MINUTE },
  resetPerAccount: { max: 5, windowMs: 30 * MINUTE },
  resetPerAddress: { max: 25, windowMs: 30 * MINUTE },
  searchPerUser: { max: 60, windowMs: MINUTE },
  // Six photos to a note: ten notes' worth in ten minutes.
  uploadsPerUser: { max: 60, windowMs: 10 * MINUTE },
};

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
      message: 'must be true or false',
    })
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v))
    .optional(),
);

const envSchema = z
  .object({
    PORT: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number' })
        .int('must be a whole number')
        .min(0, 'must be between 0 and 65535')
        .max(65535, 'must be between 0 and 65535')
        .default(3000),
    ),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(
          /^postgres(ql)?:\/\//,
          'must start with postgres:// or postgresql:// (omit it for SQLite)',
        )
        .optional(),
    ),
    APP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
        .optional()
        .transform((v) => v?.replace(/\/+$/, '')),
    ),
    JWT_SECRET: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((v) => Buffer.byteLength(v, 'utf8') >= 32, {
          message: 'must be at least 32 bytes (256 bits); e.g. `openssl rand -base64 48`',
        })
        .optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      emptyAsUndefined,
      z.string().default('Ruminations <no-reply@localhost>'),
    ),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          message: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    ),
    TRUST_PROXY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(true|false|\d{1,2})$/, 'must be true, false or a number of proxy hops')
        .transform((v) => (v === 'true' ? true : v === 'false' ? false : Number(v)))
        .default(false),
    ),
    STATIC_DIR: optionalString,
    SQLITE_CACHE_MB: z.preprocess(
      emptyAsUndefined,
      z.coerce.number({ message: 'must be a number of MB' }).int().min(1).max(65536).default(64),
    ),
    SQLITE_MMAP_MB: z.preprocess(
      emptyAsUndefined,
      z.coerce.number({ message: 'must be a number of MB' }).int().min(0).max(1048576).default(0),
    ),
    DATABASE_REPLICA_URLS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          const urls = (value ?? '')
            .split(',')
            .map((url) => url.trim())
            .filter((url) => url !== '');
          const bad = urls.find((url) => !/^postgres(ql)?:\/\//.test(url));
          if (bad !== undefined) {
            ctx.addIssue({ code: 'custom', message: `"${bad}" does not start with postgres://` });
            return z.NEVER;
          }
          return urls;
        }),
    ),
    REPLICA_MAX_LAG_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of milliseconds' })
        .int('must be a whole number')
        .min(100, 'must be at least 100')
        .max(3_600_000, 'must be at most 3600000 (an hour)')
        .default(1000),
    ),
    DATABASE_LISTEN_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    PG_PREPARED_STATEMENTS: booleanFlag,
    PG_DRIVER: z.preprocess(
      emptyAsUndefined,
      z
        .enum(POSTGRES_DRIVERS, { message: `must be ${POSTGRES_DRIVERS.join(' or ')}` })
        .default('pg'),
    ),
    PG_POOL_MAX: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of connections' })
        .int()
        .min(1)
        .max(1000)
        .default(10),
    ),
    EXPORTS_PER_INSTANCE: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of exports' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(1000, 'must be at most 1000')
        .default(2),
    ),
    TRASH_RETENTION_SECONDS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of seconds' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(315_360_000, 'must be at most 315360000 (10 years)')
        .default(TRASH_RETENTION_SECONDS_DEFAULT),
    ),
    VAPID_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    VAPID_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    VAPID_SUBJECT: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(mailto:|https:)/, 'must be a mailto: or https: URL')
        .optional(),
    ),
    PUSH_ALLOWED_ORIGINS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          const origins: string[] = [];
          for (const item of (value ?? '').split(',')) {
            if (item.trim() === '') continue;
            const origin = originOf(item);
            if (origin === null) {
              ctx.addIssue({ code: 'custom', message: `"${item.trim()}" is not an origin` });
              return z.NEVER;
            }
            origins.push(origin);
          }
          return origins;
        }),
    ),
    PUSH_POLL_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of milliseconds' })
        .int('must be a whole number')
        .min(100, 'must be at least 100')
        .max(60_000, 'must be at most 60000')
        .default(1000),
    ),
    DIGEST_INTERVAL_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of milliseconds' })
        .int('must be a whole number')
        .min(100, 'must be at least 100')
        .max(86_400_000, 'must be at most 86400000 (a day)')
        .default(15 * MINUTE),
    ),
    MEDIA_QUOTA_MB: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of megabytes' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(10_000_000, 'must be at most 10000000')
        .default(MEDIA_QUOTA_MB_DEFAULT),
    ),
    S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
    S3_ENDPOINT: z.preprocess(
      emptyAsUndefined,
      z.url({ message: 'must be a URL such as http://127.0.0.1:9000' }).optional(),
    ),
    S3_REGION: z.preprocess(emptyAsUndefined, z.string().optional()),
    MEDIA_DECODE_CONCURRENCY: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(64, 'must be at most 64')
        // One: with two, ten large uploads at once took the server past 150 MB over idle
        // (docs/performance.md, Photo uploads); a larger machine raises it.
        .default(1),
    ),
    MEDIA_SWEEP_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of milliseconds' })
        .int('must be a whole number')
        .min(100, 'must be at least 100')
        .max(86_400_000, 'must be at most 86400000 (a day)')
        .default(10 * MINUTE),
    ),
    API_COMPRESSION: booleanFlag,
    RATE_LIMIT_ENABLED: booleanFlag,
    /** Multiplies every limit's maximum: browser tests raise it, an operator may lower it. */
    RATE_LIMIT_MULTIPLIER: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number' })
        .positive('must be greater than 0')
        .max(1_000_000, 'must be at most 1000000')
        .default(1),
    ),
    // Bounded above by the contract: proxies close a stream silent for much longer than 25 s, and a
    // revoked token must end its stream within 30 s. Lower values are for tests and odd proxies.
    STREAM_HEARTBEAT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of milliseconds' })
        .int()
        .min(100)
        .max(STREAM_HEARTBEAT_MS)
        .default(DEFAULT_NOTIFICATION_STREAM.heartbeatMs),
    ),
    STREAM_AUTH_CHECK_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: 'must be a number of milliseconds' })
        .int()
        .min(100)
        .max(30_000)
        .default(DEFAULT_NOTIFICATION_STREAM.authCheckMs),
    ),
  })
  .superRefine((e, ctx) => {
    // Replicas and a direct address belong to a PostgreSQL primary: set on SQLite (no DATABASE_URL)
    // they would be silently ignored, and an operator would believe reads were spread.
    if (e.DATABASE_URL !== undefined) return;
    const needsPrimary = ['DATABASE_REPLICA_URLS', 'DATABASE_LISTEN_URL'] as const;
    for (const name of needsPrimary) {
      const value = e[name];
      if (value === undefined || value.length === 0) continue;
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'needs DATABASE_URL (SQLite has no replicas)',
      });
    }
  });

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function scaled(rule: RateLimitRule, factor: number): RateLimitRule {
  return { max: Math.max(1, Math.round(rule.max * factor)), windowMs: rule.windowMs };
}

/** The operator's VAPID keys: both or neither (a half pair cannot sign). */
function vapidOf(e: z.output<typeof envSchema>): PushSettings['vapid'] {
  if (e.VAPID_PUBLIC_KEY === undefined && e.VAPID_PRIVATE_KEY === undefined) return undefined;
  if (e.VAPID_PUBLIC_KEY === undefined || e.VAPID_PRIVATE_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: give both or neither',
    );
  }
  return {
    publicKey: e.VAPID_PUBLIC_KEY,
    privateKey: e.VAPID_PRIVATE_KEY,
    subject: e.VAPID_SUBJECT ?? 'mailto:admin@localhost',
  };
}

/** Reads the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const factor = e.RATE_LIMIT_MULTIPLIER;
  const d = DEFAULT_RATE_LIMITS;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sqliteCacheMb: e.SQLITE_CACHE_MB,
    sqliteMmapMb: e.SQLITE_MMAP_MB,
    pgPoolMax: e.PG_POOL_MAX,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    pgPreparedStatements: e.PG_PREPARED_STATEMENTS ?? true,
    pgDriver: e.PG_DRIVER,
    apiCompression: e.API_COMPRESSION ?? false,
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    staticDir: path.resolve(e.STATIC_DIR ?? 'dist'),
    rateLimits: {
      enabled: e.RATE_LIMIT_ENABLED ?? true,
      loginPerAddress: scaled(d.loginPerAddress, factor),
      loginFailuresPerPair: scaled(d.loginFailuresPerPair, factor),
      loginFailuresPerAccount: scaled(d.loginFailuresPerAccount, factor),
      signupPerAddress: scaled(d.signupPerAddress, factor),
      forgotEmailsPerAccount: scaled(d.forgotEmailsPerAccount, factor),
      forgotPerAddress: scaled(d.forgotPerAddress, factor),
      resetPerAccount: scaled(d.resetPerAccount, factor),
      resetPerAddress: scaled(d.resetPerAddress, factor),
      searchPerUser: scaled(d.searchPerUser, factor),
      uploadsPerUser: scaled(d.uploadsPerUser, factor),
    },
    notificationStream: { heartbeatMs: e.STREAM_HEARTBEAT_MS, authCheckMs: e.STREAM_AUTH_CHECK_MS },
    exportsPerInstance: e.EXPORTS_PER_INSTANCE,
    trashRetentionSeconds: e.TRASH_RETENTION_SECONDS,
    push: {
      vapid: vapidOf(e),
      subject: e.VAPID_SUBJECT ?? `mailto:${e.MAIL_FROM.replace(/^.*<([^>]+)>.*$/, '$1')}`,
      allowedOrigins: e.PUSH_ALLOWED_ORIGINS,
      pollMs: e.PUSH_POLL_MS,
    },
    digestIntervalMs: e.DIGEST_INTERVAL_MS,
    media: {
      quotaBytes: e.MEDIA_QUOTA_MB * 1024 * 1024,
      s3:
        e.S3_BUCKET === undefined
          ? undefined
          : {
              bucket: e.S3_BUCKET,
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
            },
      decodeConcurrency: e.MEDIA_DECODE_CONCURRENCY,
      sweepIntervalMs: e.MEDIA_SWEEP_MS,
    },
  };
}
