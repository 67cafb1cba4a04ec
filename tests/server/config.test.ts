import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { MEDIA_QUOTA_MB_DEFAULT, TRASH_RETENTION_SECONDS_DEFAULT } from '../../src/api/limits';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig } from '../../server/config';

/** A PostgreSQL primary, for the settings that need one (nothing connects to it here). */
const primary = { DATABASE_URL: 'postgres://app@db:5432/ruminations' };

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      jwtSecret: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      sqliteCacheMb: 64,
      sqliteMmapMb: 0,
      pgPoolMax: 10,
      databaseReplicaUrls: [],
      replicaMaxLagMs: 1000,
      databaseListenUrl: undefined,
      pgPreparedStatements: true,
      pgDriver: 'pg',
      apiCompression: false,
    });
    expect(config.rateLimits.loginPerAddress.max).toBe(25);
  });

  it('has working defaults for the grouped and derived settings too', () => {
    expect(loadConfig({})).toMatchObject({
      mailFrom: 'Ruminations <no-reply@localhost>',
      staticDir: path.resolve('dist'),
      rateLimits: DEFAULT_RATE_LIMITS,
      notificationStream: { heartbeatMs: 25_000, authCheckMs: 25_000 },
      exportsPerInstance: 2,
      trashRetentionSeconds: TRASH_RETENTION_SECONDS_DEFAULT,
      push: {
        vapid: undefined,
        subject: 'mailto:no-reply@localhost',
        allowedOrigins: [],
        pollMs: 1000,
      },
      digestIntervalMs: 15 * 60_000,
      media: {
        quotaBytes: MEDIA_QUOTA_MB_DEFAULT * 1024 * 1024,
        s3: undefined,
        decodeConcurrency: 1,
        sweepIntervalMs: 10 * 60_000,
      },
    });
  });

  it('reads the push, media and stream settings', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: 'public',
      VAPID_PRIVATE_KEY: 'private',
      VAPID_SUBJECT: 'https://rum.example',
      PUSH_ALLOWED_ORIGINS: ' https://push.example/x, ,http://127.0.0.1:9000 ',
      PUSH_POLL_MS: '200',
      MEDIA_QUOTA_MB: '5',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      AWS_REGION: 'eu-west-3',
      MEDIA_DECODE_CONCURRENCY: '4',
      STREAM_HEARTBEAT_MS: '1000',
    });
    expect(config.push).toEqual({
      vapid: { publicKey: 'public', privateKey: 'private', subject: 'https://rum.example' },
      subject: 'https://rum.example',
      allowedOrigins: ['https://push.example', 'http://127.0.0.1:9000'],
      pollMs: 200,
    });
    expect(config.media).toMatchObject({
      quotaBytes: 5 * 1024 * 1024,
      s3: { bucket: 'photos', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3' },
      decodeConcurrency: 4,
    });
    expect(config.notificationStream.heartbeatMs).toBe(1000);
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'x', AWS_REGION: 'y' }).media.s3?.region).toBe(
      'x',
    );
  });

  it('sizes SQLite’s page cache and memory map, and the database uses them', async () => {
    const config = loadConfig({ SQLITE_CACHE_MB: '128', SQLITE_MMAP_MB: '512' });
    expect(config).toMatchObject({ sqliteCacheMb: 128, sqliteMmapMb: 512 });
    expect(() => loadConfig({ SQLITE_CACHE_MB: 'lots' })).toThrow(/SQLITE_CACHE_MB/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-pragma-'));
    const db = createDatabase({
      sqliteFile: path.join(dir, 'x.sqlite'),
      sqliteCacheMb: config.sqliteCacheMb,
      sqliteMmapMb: config.sqliteMmapMb,
    });
    try {
      const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
      const mmap = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(db);
      expect(cache.rows[0]?.cache_size).toBe(-128 * 1024);
      expect(mmap.rows[0]?.mmap_size).toBe(512 * 1024 * 1024);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(process.env.TEST_DATABASE_URL === undefined)(
    'holds at most PG_POOL_MAX connections to PostgreSQL',
    async () => {
      const db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgPoolMax: 2 });
      try {
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db),
          ),
        );
        expect(new Set(answers.map((a) => a.rows[0]!.pid)).size).toBe(2);
      } finally {
        await db.destroy();
      }
    },
  );

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/rum',
      DATABASE_URL: 'postgres://u:p@db:5432/rum',
      APP_URL: 'https://rum.example/',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'Rum <rum@example>',
      TRUST_PROXY: '1',
      RATE_LIMIT_MULTIPLIER: '10',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/rum',
      databaseUrl: 'postgres://u:p@db:5432/rum',
      appUrl: 'https://rum.example',
      smtpUrl: 'smtps://u:p@mail.example:465',
      mailFrom: 'Rum <rum@example>',
      trustProxy: 1,
    });
    expect(config.rateLimits.loginPerAddress.max).toBe(250);
    expect(config.rateLimits.signupPerAddress.max).toBe(50);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PORT: '', JWT_SECRET: '' })).toMatchObject({
      smtpUrl: undefined,
      port: 3000,
      jwtSecret: undefined,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a number'],
    [{ PORT: '70000' }, 'PORT: must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres://'],
    [{ APP_URL: 'not a url' }, 'APP_URL: must be an http:// or https:// address'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 bytes'],
    [{ SMTP_URL: 'mail.example' }, 'SMTP_URL: must start with smtp:// or smtps://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
    [{ RATE_LIMIT_MULTIPLIER: '0' }, 'RATE_LIMIT_MULTIPLIER: must be greater than 0'],
    [{ RATE_LIMIT_ENABLED: 'maybe' }, 'RATE_LIMIT_ENABLED: must be true or false'],
    [{ REPLICA_MAX_LAG_MS: 'soon' }, 'REPLICA_MAX_LAG_MS: must be a number of milliseconds'],
    [{ REPLICA_MAX_LAG_MS: '99' }, 'REPLICA_MAX_LAG_MS: must be at least 100'],
    [{ REPLICA_MAX_LAG_MS: '3600001' }, 'REPLICA_MAX_LAG_MS: must be at most 3600000 (an hour)'],
    [{ PUSH_POLL_MS: '60001' }, 'PUSH_POLL_MS: must be at most 60000'],
    [{ MEDIA_SWEEP_MS: '1.5' }, 'MEDIA_SWEEP_MS: must be a whole number'],
    [{ MEDIA_QUOTA_MB: 'lots' }, 'MEDIA_QUOTA_MB: must be a number of megabytes'],
    [{ TRASH_RETENTION_SECONDS: '0' }, 'TRASH_RETENTION_SECONDS: must be at least 1'],
    [{ EXPORTS_PER_INSTANCE: '1001' }, 'EXPORTS_PER_INSTANCE: must be at most 1000'],
    [{ MEDIA_DECODE_CONCURRENCY: 'x' }, 'MEDIA_DECODE_CONCURRENCY: must be a number'],
    [{ PUSH_ALLOWED_ORIGINS: 'nope' }, 'PUSH_ALLOWED_ORIGINS: "nope" is not an origin'],
    [{ VAPID_SUBJECT: 'admin' }, 'VAPID_SUBJECT: must be a mailto: or https: URL'],
    [
      { VAPID_PUBLIC_KEY: 'public' },
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: give both or neither',
    ],
    [{ PG_DRIVER: 'mysql' }, 'PG_DRIVER: must be pg or '],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY: must be true, false or a number of proxy hops'],
  ])('explains a bad value: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', JWT_SECRET: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('JWT_SECRET');
    }
  });

  it('can switch rate limits off', () => {
    expect(loadConfig({ RATE_LIMIT_ENABLED: 'false' }).rateLimits.enabled).toBe(false);
    expect(loadConfig({ API_COMPRESSION: 'true' }).apiCompression).toBe(true);
    expect(loadConfig({ PG_POOL_MAX: '5' }).pgPoolMax).toBe(5);
    expect(
      loadConfig({ DATABASE_REPLICA_URLS: ' postgres://a:1/x, ,postgresql://b:2/x ', ...primary })
        .databaseReplicaUrls,
    ).toEqual(['postgres://a:1/x', 'postgresql://b:2/x']);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'mysql://a/x', ...primary })).toThrow(
      /DATABASE_REPLICA_URLS: "mysql:\/\/a\/x" does not start with postgres:\/\//,
    );
    expect(loadConfig({ PG_PREPARED_STATEMENTS: 'false' }).pgPreparedStatements).toBe(false);
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX/);
  });

  it('refuses replicas or a direct address without a PostgreSQL primary, rather than ignore them', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://a:1/x' })).toThrow(
      /DATABASE_REPLICA_URLS: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'postgres://a:1/x' })).toThrow(
      /DATABASE_LISTEN_URL: needs DATABASE_URL/,
    );
    expect(
      loadConfig({ DATABASE_LISTEN_URL: 'postgres://a:1/x', ...primary }).databaseListenUrl,
    ).toBe('postgres://a:1/x');
  });
});
