import path from 'node:path';
import { signAccessToken } from '../../server/credentials/access-token';
import { createDatabase } from '../../server/db/database';
import { callApi } from '../support/accounts';
import { startServer, type RunningServer } from '../support/server-process';
import { cpuSeconds, postgresCpuSeconds } from './process-cpu';
import { numberOption, option } from './bench-options';

/**
 * `npm run bench:publish`: what the feed written ahead costs its writers (docs/performance.md,
 * "The hubs' feed"). Starts the server (server/main.ts through tsx, or `--server-dir` another
 * checkout's, to measure the design before it) on a fresh SQLite database, or on the PostgreSQL of
 * DATABASE_URL (`bash scripts/pg/with-test-postgres.sh npm run bench:publish`), and:
 *
 * 1. a hub and RELATIONS people, each with NOTES published notes (half public, half for friends);
 *    the hub asks each of them, and each accepts, one after another: what accepting costs when the
 *    other has notes (the feed written ahead copies them into the new reader's feed);
 * 2. the hub publishes PUBLISHES notes one after another, half public, half for friends: what a
 *    publish costs when RELATIONS people may read it;
 * 3. the same publishes by a person with one relation, for comparison;
 * 4. PUBLISHES edits of one of the hub's notes, its words only (its readers stay the same).
 *
 * Prints, per step, the latency (p50, p99) seen by the client and the CPU time per call of the
 * server process and, on PostgreSQL, of all of PostgreSQL's processes.
 *
 *   npm run bench:publish [-- --relations 700 --notes 20 --publishes 200 --server-dir /tmp/before]
 */

const RELATIONS = numberOption('relations', 700);
const NOTES = numberOption('notes', 20);
const PUBLISHES = numberOption('publishes', 200);
const SERVER_DIR = option('server-dir');
const DATABASE_URL = process.env['DATABASE_URL'];
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const FRIEND = 2;

interface Person {
  id: number;
  token: string;
}

const note = (i: number) => ({
  content: `Bench note ${i}: the morning walk by the river, and what it brought back.`,
  audiences: i % 2 === 0 ? [] : [FRIEND],
  publish: true,
});

/**
 * `count` active people who accepted the terms, each with `notes` published notes (half public,
 * half for friends), written straight to the tables, with tokens.
 */
async function people(
  server: RunningServer,
  count: number,
  prefix: string,
  notes = 0,
): Promise<Person[]> {
  const db = createDatabase(
    DATABASE_URL
      ? { databaseUrl: DATABASE_URL }
      : { sqliteFile: path.join(server.dataDir, 'ruminations.sqlite') },
  );
  try {
    const now = new Date().toISOString();
    const terms = await db
      .selectFrom('terms_versions')
      .select('version')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const secret = new TextEncoder().encode(JWT_SECRET);
    const made: Person[] = [];
    for (let i = 0; i < count; i++) {
      const name = `${prefix}${i}`;
      const { id } = await db
        .insertInto('users')
        .values({
          username: name,
          username_lower: name,
          display_name: name,
          display_name_fold: name,
          email: `${name}@example.test`,
          email_lower: `${name}@example.test`,
          password_hash: 'not-used',
          is_active: 1,
          token_version: 0,
          create_tms: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('terms_acceptances')
        .values({ user_id: id, version: terms.version, accepted_at: now })
        .execute();
      if (notes > 0) {
        await db
          .insertInto('ruminations')
          .values(
            Array.from({ length: notes }, (_, i) => ({
              author_id: id,
              content: note(i).content,
              is_published: 1 as const,
              audience_mask: i % 2 === 0 ? 0 : 1 << FRIEND,
              create_tms: now,
              update_tms: now,
            })),
          )
          .execute();
      }
      made.push({ id, token: await signAccessToken(secret, { userId: id, tokenVersion: 0 }) });
    }
    return made;
  } finally {
    await db.destroy();
  }
}

/** Runs `calls` one after another and prints their latency and the CPU they cost per call. */
async function timed(
  server: RunningServer,
  label: string,
  calls: (() => Promise<unknown>)[],
): Promise<void> {
  const latencies: number[] = [];
  const serverBefore = cpuSeconds(server.pid);
  const dbBefore = DATABASE_URL ? postgresCpuSeconds() : 0;
  for (const call of calls) {
    const t0 = performance.now();
    await call();
    latencies.push(performance.now() - t0);
  }
  const serverCpu = (cpuSeconds(server.pid) - serverBefore) / calls.length;
  const dbCpu = DATABASE_URL ? (postgresCpuSeconds() - dbBefore) / calls.length : 0;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(8);
  const us = (s: number) => `${Math.round(s * 1e6)} µs`.padStart(9);
  console.log(
    `  ${label.padEnd(44)} p50 ${ms(at(50))}  p99 ${ms(at(99))}  CPU per call: server ${us(serverCpu)}` +
      (DATABASE_URL ? `, PostgreSQL ${us(dbCpu)}` : '') +
      `  (${calls.length} calls)`,
  );
}

async function main(): Promise<void> {
  console.log(
    `Writes beside the feed (${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, server ${SERVER_DIR ?? 'of this checkout'}):`,
  );
  const server = await startServer({
    label: 'publish-cost',
    entry: SERVER_DIR
      ? { nodeArgs: ['--import', 'tsx', path.join(SERVER_DIR, 'server/main.ts')] }
      : 'tsx',
    env: { JWT_SECRET, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', NODE_ENV: 'production' },
  });
  try {
    const [hub, loner, lonersFriend] = await people(server, 3, 'writer');
    // Everyone's notes first, so that each acceptance has NOTES of theirs to show the hub.
    const others = await people(server, RELATIONS, 'reader', NOTES);
    const asked: { id: number; by: Person }[] = [];
    for (const other of others) {
      const { id } = (await callApi(server, hub!, 'POST', '/api/UserRelations', {
        userId: other.id,
        relationType: FRIEND,
      })) as { id: number };
      asked.push({ id, by: other });
    }
    await timed(
      server,
      `accept a relation (the other has ${NOTES} notes)`,
      asked.map(
        ({ id, by }) =>
          () =>
            callApi(server, by, 'PUT', `/api/UserRelations/${id}/accept`),
      ),
    );
    const { id } = (await callApi(server, loner!, 'POST', '/api/UserRelations', {
      userId: lonersFriend!.id,
      relationType: FRIEND,
    })) as { id: number };
    await callApi(server, lonersFriend!, 'PUT', `/api/UserRelations/${id}/accept`);
    const publishes = (who: Person) =>
      Array.from(
        { length: PUBLISHES },
        (_, i) => () => callApi(server, who, 'POST', '/api/ruminations', note(i)),
      );
    await timed(server, `publish by a person with ${RELATIONS} relations`, publishes(hub!));
    await timed(server, 'publish by a person with 1 relation', publishes(loner!));
    // The commonest write after a publish: its words changed, its readers the same.
    const published = (await callApi(server, hub!, 'POST', '/api/ruminations', note(0))) as {
      id: number;
    };
    await timed(
      server,
      `edit of the words alone, by a person with ${RELATIONS} relations`,
      Array.from(
        { length: PUBLISHES },
        (_, i) => () =>
          callApi(server, hub!, 'PUT', `/api/ruminations/${published.id}`, {
            ...note(0),
            content: `Bench note, edited ${i} times.`,
          }),
      ),
    );
  } finally {
    await server.stop();
  }
}

await main();
