import path from 'node:path';
import { z } from 'zod';
import { MEDIA_QUOTA_MB_DEFAULT, TRASH_RETENTION_SECONDS_DEFAULT } from '../../src/api/limits';
import { STREAM_HEARTBEAT_MS } from '../../src/api/notification-stream-format';
import { originOf } from '../../src/domain/push-subscriptions';
import { POSTGRES_DRIVERS } from '../db/postgres-dialect';
import {
  booleanFlag,
  commaList,
  folder,
  millisecondsSetting,
  optionalMatching,
  optionalText,
  text,
  unlessBlank,
  wholeNumberSetting,
} from './env-values';
import { scaledRateLimits } from './rate-limits';
import { ConfigError, derived, setting, type EnvOf } from './setting-table';

/**
 * Every setting of the server, once, where it goes in AppConfig: the environment variable it is
 * read from, with its default, bounds and messages (docs/operations.md lists them for operators).
 */

const MINUTE = 60_000;
const POSTGRES_URL = /^postgres(ql)?:\/\//;

// Variables that feed more than one value are declared here and placed by reference.
const PORT = setting(
  'PORT',
  unlessBlank(
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
  ),
);
const MAIL_FROM = setting('MAIL_FROM', text('Ruminations <no-reply@localhost>'));
const VAPID_SUBJECT = setting(
  'VAPID_SUBJECT',
  optionalMatching(/^(mailto:|https:)/, 'must be a mailto: or https: URL'),
);

export const appSettings = {
  port: PORT,
  host: setting('HOST', text('0.0.0.0')),
  dataDir: setting('DATA_DIR', folder('./data')),
  /** postgres://... selects PostgreSQL; absent means SQLite at DATA_DIR/ruminations.sqlite. */
  databaseUrl: setting(
    'DATABASE_URL',
    optionalMatching(
      POSTGRES_URL,
      'must start with postgres:// or postgresql:// (omit it for SQLite)',
    ),
  ),
  /** SQLite's page cache (per connection) and memory-mapped window, in MB (database.ts). */
  sqliteCacheMb: setting(
    'SQLITE_CACHE_MB',
    wholeNumberSetting(1, 65536, 64, { of: 'MB', zodBoundMessages: true }),
  ),
  sqliteMmapMb: setting(
    'SQLITE_MMAP_MB',
    wholeNumberSetting(0, 1048576, 0, { of: 'MB', zodBoundMessages: true }),
  ),
  /** Connections of the PostgreSQL pool per instance (database.ts). */
  pgPoolMax: setting(
    'PG_POOL_MAX',
    wholeNumberSetting(1, 1000, 10, { of: 'connections', zodBoundMessages: true }),
  ),
  /**
   * PostgreSQL read replicas (DATABASE_REPLICA_URLS): reads that may lag go to them, a person's
   * own writes excepted (server/db/read-routing.ts). Empty: everything on DATABASE_URL.
   */
  databaseReplicaUrls: setting(
    'DATABASE_REPLICA_URLS',
    commaList(
      (url) => (POSTGRES_URL.test(url) ? url : null),
      (url) => `"${url}" does not start with postgres://`,
    ),
  ),
  /** A replica further behind the primary than this is left out until it catches up. */
  replicaMaxLagMs: setting(
    'REPLICA_MAX_LAG_MS',
    millisecondsSetting(100, 3_600_000, 1000, { maxNote: '(an hour)' }),
  ),
  /**
   * Where the notification listener LISTENs (DATABASE_LISTEN_URL): a direct connection to the
   * primary when DATABASE_URL goes through a pooler in transaction mode, which cannot LISTEN.
   */
  databaseListenUrl: setting(
    'DATABASE_LISTEN_URL',
    optionalMatching(POSTGRES_URL, 'must start with postgres:// or postgresql://'),
  ),
  /**
   * Named prepared statements (PG_PREPARED_STATEMENTS, default true): off behind a pooler that
   * cannot keep them per server connection (PgBouncer before 1.21 in transaction mode).
   */
  pgPreparedStatements: setting('PG_PREPARED_STATEMENTS', booleanFlag(true)),
  /** The PostgreSQL driver (PG_DRIVER: pg, the default, or postgres-js; server/db/postgres-dialect.ts). */
  pgDriver: setting(
    'PG_DRIVER',
    unlessBlank(
      z
        .enum(POSTGRES_DRIVERS, { message: `must be ${POSTGRES_DRIVERS.join(' or ')}` })
        .default('pg'),
    ),
  ),
  /**
   * Compress JSON answers of about 1 KB and more (http/api-compression.ts). Off by default: the
   * bench measured it at 27% of the feed's req/s, over the 10% it may cost (docs/performance.md, API compression).
   */
  apiCompression: setting('API_COMPRESSION', booleanFlag(false)),
  /** Public address of the web app; links in emails point here. No trailing slash. */
  appUrl: derived(
    [
      setting(
        'APP_URL',
        unlessBlank(
          z
            .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
            .optional()
            .transform((v) => v?.replace(/\/+$/, '')),
        ),
      ),
      PORT,
    ],
    (appUrl, port) => appUrl ?? `http://localhost:${port}`,
  ),
  /** From JWT_SECRET; when absent the server generates one and keeps it in DATA_DIR. */
  jwtSecret: setting(
    'JWT_SECRET',
    unlessBlank(
      z
        .string()
        .refine((v) => Buffer.byteLength(v, 'utf8') >= 32, {
          message: 'must be at least 32 bytes (256 bits); e.g. `openssl rand -base64 48`',
        })
        .optional(),
    ),
  ),
  smtpUrl: setting(
    'SMTP_URL',
    optionalMatching(/^smtps?:\/\//, 'must start with smtp:// or smtps://'),
  ),
  mailFrom: MAIL_FROM,
  logLevel: setting(
    'LOG_LEVEL',
    unlessBlank(
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          message: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    ),
  ),
  /** Value for Fastify's trustProxy: false, true, or a number of hops. */
  trustProxy: setting(
    'TRUST_PROXY',
    unlessBlank(
      z
        .string()
        .regex(/^(true|false|\d{1,2})$/, 'must be true, false or a number of proxy hops')
        .transform((v) => (v === 'true' ? true : v === 'false' ? false : Number(v)))
        .default(false),
    ),
  ),
  /** Folder of the built SPA; served when it exists. */
  staticDir: setting('STATIC_DIR', folder('dist')),
  rateLimits: derived(
    [
      setting('RATE_LIMIT_ENABLED', booleanFlag(true)),
      /** Multiplies every limit's maximum: browser tests raise it, an operator may lower it. */
      setting(
        'RATE_LIMIT_MULTIPLIER',
        unlessBlank(
          z.coerce
            .number({ message: 'must be a number' })
            .positive('must be greater than 0')
            .max(1_000_000, 'must be at most 1000000')
            .default(1),
        ),
      ),
    ],
    scaledRateLimits,
  ),
  /**
   * Timers of GET /api/notifications/stream (api-contract.md "Notifications"). Bounded above by the
   * contract: proxies close a stream silent for much longer than 25 s, and a revoked token must end
   * its stream within 30 s. Lower values are for tests and odd proxies.
   */
  notificationStream: {
    /** A comment line this often keeps proxies from closing an idle stream (contract: 25 s). */
    heartbeatMs: setting(
      'STREAM_HEARTBEAT_MS',
      millisecondsSetting(100, STREAM_HEARTBEAT_MS, STREAM_HEARTBEAT_MS, {
        zodBoundMessages: true,
      }),
    ),
    /** The stream's token is checked again this often; a revoked one ends it (contract: <= 30 s). */
    authCheckMs: setting(
      'STREAM_AUTH_CHECK_MS',
      millisecondsSetting(100, 30_000, 25_000, { zodBoundMessages: true }),
    ),
  },
  /**
   * Account exports this instance runs at once; one more answers 429 with Retry-After
   * (server/modules/account/export-admission.ts). Each account runs one at a time anyway.
   */
  exportsPerInstance: setting(
    'EXPORTS_PER_INSTANCE',
    wholeNumberSetting(1, 1000, 2, { of: 'exports' }),
  ),
  /**
   * How long a deleted rumination waits in its author's trash before it is erased for good
   * (api-contract.md "Your writing is never lost"; src/domain/rumination-decisions.ts).
   */
  trashRetentionSeconds: setting(
    'TRASH_RETENTION_SECONDS',
    wholeNumberSetting(1, 315_360_000, TRASH_RETENTION_SECONDS_DEFAULT, {
      of: 'seconds',
      maxNote: '(10 years)',
    }),
  ),
  /** Web Push (api-contract.md "Reach them when the app is closed"; server/modules/push). */
  push: {
    /**
     * The VAPID key pair and contact, when the operator gives them; else one pair is generated on
     * first start and kept in the database (server_keys), so every instance signs with it.
     */
    vapid: derived(
      [
        setting('VAPID_PUBLIC_KEY', optionalText),
        setting('VAPID_PRIVATE_KEY', optionalText),
        VAPID_SUBJECT,
      ],
      vapidOf,
    ),
    /** The subject (a mailto: or https: URL) sent with a generated key pair. */
    subject: derived(
      [VAPID_SUBJECT, MAIL_FROM],
      (subject, mailFrom) => subject ?? `mailto:${mailFrom.replace(/^.*<([^>]+)>.*$/, '$1')}`,
    ),
    /** Exact origins besides the known push services that endpoints may name (self-hosted, tests). */
    allowedOrigins: setting(
      'PUSH_ALLOWED_ORIGINS',
      commaList(originOf, (item) => `"${item}" is not an origin`),
    ),
    /**
     * How often each instance looks for due messages it was not woken for (what a restart or a dead
     * instance left); the instance that wrote a notification sends it at once.
     */
    pollMs: setting('PUSH_POLL_MS', millisecondsSetting(100, 60_000, 1000)),
  },
  /** How often the email digest looks for people due one (server/modules/digests). */
  digestIntervalMs: setting(
    'DIGEST_INTERVAL_MS',
    millisecondsSetting(100, 86_400_000, 15 * MINUTE, { maxNote: '(a day)' }),
  ),
  /**
   * How often each instance looks for reminders to write that are due (server/modules/reminders):
   * under a minute, as a reminder goes within a minute of its time.
   */
  reminderIntervalMs: setting('REMINDER_INTERVAL_MS', millisecondsSetting(100, 60_000, 30_000)),
  /** Photos (api-contract.md "Photos"; server/modules/media). */
  media: {
    /** What each account may hold, in bytes (MEDIA_QUOTA_MB). */
    quotaBytes: setting(
      'MEDIA_QUOTA_MB',
      wholeNumberSetting(1, 10_000_000, MEDIA_QUOTA_MB_DEFAULT, { of: 'megabytes' }).transform(
        (mb) => mb * 1024 * 1024,
      ),
    ),
    /** An S3-compatible bucket shared by every instance; absent: a folder under DATA_DIR. */
    s3: derived(
      [
        setting('S3_BUCKET', optionalText),
        /** For a service other than AWS (MinIO, Ceph, a local test server); path-style addressing then. */
        setting(
          'S3_ENDPOINT',
          unlessBlank(z.url({ message: 'must be a URL such as http://127.0.0.1:9000' }).optional()),
        ),
        setting('S3_REGION', optionalText),
        // The AWS SDK's own variable, taken as it is when S3_REGION is unset.
        setting('AWS_REGION', z.string().optional()),
      ],
      (bucket, endpoint, region, awsRegion) =>
        bucket === undefined
          ? undefined
          : { bucket, endpoint, region: region ?? awsRegion ?? 'us-east-1' },
    ),
    /**
     * Images this instance decodes at once (MEDIA_DECODE_CONCURRENCY); more wait their turn, so that
     * a burst of uploads neither starves reads of the CPU nor holds many decoded pictures in memory.
     * One: with two, ten large uploads at once took the server past 150 MB over idle
     * (docs/performance.md, Photo uploads); a larger machine raises it.
     */
    decodeConcurrency: setting('MEDIA_DECODE_CONCURRENCY', wholeNumberSetting(1, 64, 1)),
    /** How often one instance looks for uploads and erased notes' photos to erase (MEDIA_SWEEP_MS). */
    sweepIntervalMs: setting(
      'MEDIA_SWEEP_MS',
      millisecondsSetting(100, 86_400_000, 10 * MINUTE, { maxNote: '(a day)' }),
    ),
  },
  /** The server's own backups of SQLite (api-contract.md "Backups"; server/backup). */
  backup: {
    /** Where backups and the erasure log go; unset: no scheduled backups, the log in DATA_DIR. */
    dir: setting(
      'BACKUP_DIR',
      optionalText.transform((dir) => (dir === undefined ? undefined : path.resolve(dir))),
    ),
    intervalSeconds: setting(
      'BACKUP_INTERVAL_SECONDS',
      wholeNumberSetting(1, 31_536_000, 3600, { of: 'seconds', maxNote: '(a year)' }),
    ),
    /** The newest this many backup folders are kept; older ones are removed after each backup. */
    keep: setting('BACKUP_KEEP', wholeNumberSetting(1, 100_000, 24, { of: 'backups' })),
  },
};

/** The operator's VAPID keys: both or neither (a half pair cannot sign). */
function vapidOf(
  publicKey: string | undefined,
  privateKey: string | undefined,
  subject: string | undefined,
) {
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: give both or neither',
    );
  }
  return { publicKey, privateKey, subject: subject ?? 'mailto:admin@localhost' };
}

/**
 * Replicas and a direct address belong to a PostgreSQL primary: set on SQLite (no DATABASE_URL)
 * they would be silently ignored, and an operator would believe reads were spread.
 */
export function checkAcrossSettings(e: EnvOf<typeof appSettings>, ctx: z.RefinementCtx): void {
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
}
