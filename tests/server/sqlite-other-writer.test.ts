import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { seedInitialTerms } from '../../server/modules/terms/terms-seed';
import { createMemoryMailer } from './support/memory-mailer';
import { createActiveUser, authHeader, testConfig, TEST_TERMS_CONTENT } from './support/test-app';
import { testPostgresUrl } from './support/test-database';

const require = createRequire(import.meta.url);

/**
 * The SQLite file written by another process at the same time (an operator's command, such as
 * `npm run terms:publish`, or a second program): the server's transactions take the write lock
 * before their first read (BEGIN IMMEDIATE, server/db/sqlite-dialect.ts) and wait for the other
 * writer, instead of failing at their first write with SQLITE_BUSY, which answered 500.
 */
describe.skipIf(testPostgresUrl() !== undefined)('another writer on the same SQLite file', () => {
  let dataDir: string;
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let sqliteFile: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-other-writer-'));
    sqliteFile = path.join(dataDir, 'ruminations.sqlite');
    db = createDatabase({ sqliteFile });
    await migrateToLatest(db);
    await seedInitialTerms(db, TEST_TERMS_CONTENT);
    app = await buildApp({
      config: testConfig(dataDir),
      db,
      jwtSecret: randomBytes(32),
      mailer: createMemoryMailer(),
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the API waits for it: every note is written (201), none answers 500 or 503', async () => {
    const writer = await createActiveUser(app);
    // Another process commits rows as fast as it can until told to stop (a line on its stdin).
    const other = spawn(process.execPath, ['-e', OTHER_WRITER, sqliteFile], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const started = new Promise((resolve) => other.stdout.once('data', resolve));
    const ended = new Promise<string>((resolve) => {
      let out = '';
      other.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      other.on('exit', () => resolve(out));
    });
    await started;
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/ruminations',
        headers: authHeader(writer.token),
        payload: { content: `Note ${i} beside another writer`, publish: true },
      });
      statuses.push(res.statusCode);
    }
    other.stdin.end('stop\n');
    const written = Number((await ended).trim().split('\n').pop());
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(written).toBeGreaterThan(0);
  });
});

/** The other process: commits one row at a time into a table of its own, then says how many. */
const OTHER_WRITER = `
const SQLite = require(${JSON.stringify(require.resolve('better-sqlite3'))});
const db = new SQLite(process.argv[1]);
db.pragma('busy_timeout = 5000');
db.exec('create table if not exists other_writes (at text not null)');
const insert = db.prepare('insert into other_writes (at) values (?)');
let stop = false;
let written = 0;
process.stdin.on('data', () => (stop = true));
process.stdout.write('started\\n');
const loop = () => {
  if (stop) { process.stdout.write(written + '\\n'); db.close(); return; }
  insert.run(new Date().toISOString());
  written += 1;
  setImmediate(loop);
};
loop();
`;
