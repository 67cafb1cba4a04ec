/**
 * `npm run bench:streams`: what open notification streams cost (issue 14). Starts the real server
 * (`npm start`'s bundle, SQLite in a temp folder, API only), opens many streams
 * (GET /api/notifications/stream, one user each), waits until every one has its first `unread`,
 * then reports the server's resident memory, the latency of ordinary calls while the streams stay
 * open (long enough for every stream's heartbeat and token check to run once), the time one event
 * takes to reach its stream, and how long a graceful stop takes with the streams open. It asserts
 * nothing; it prints the figures beside the goal (RSS under 200 MB).
 *
 * `BENCH_STREAMS_MODE=comments` (`npm run bench:streams -- comments`) measures instead what a
 * notification costs (issue 30): BENCH_STREAMS_USERS people (200) each write one note and hold
 * BENCH_STREAMS_PER_USER streams (5, the most the contract lets one person hold: 1,000 streams);
 * another person writes BENCH_STREAMS_COMMENTS comments (1,000) on those notes, first with no
 * stream open, then with every stream open, each comment waited for until all its author's
 * streams have it. It prints the server's CPU time per comment (user + system, from
 * /proc/<pid>/stat) in both phases, then with streams open twice more: after another batch, and
 * after BENCH_STREAMS_HISTORY (500) unread notifications per author written straight to the
 * database (what an unread backlog looks like). With history grown, the cost per comment should
 * stay the same (contract: "Notifications").
 *
 * Environment:
 *   BENCH_STREAMS=1000          streams to open
 *   BENCH_STREAMS_SECONDS=30    seconds of ordinary calls with the streams open (>= 25 covers one
 *                               heartbeat and one token check of every stream)
 *   BENCH_STREAMS_MODE=open     `open` (the figures above) or `comments` (CPU per comment)
 *
 * Everything listens on 127.0.0.1 only and every wait is bounded.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { signAccessToken } from '../../server/credentials/access-token';
import { startServer, type RunningServer } from '../support/server-process';

const MODE = process.argv[2] ?? process.env['BENCH_STREAMS_MODE'] ?? 'open';
const STREAMS = Number(process.env['BENCH_STREAMS'] ?? '1000');
const FANOUT_USERS = Number(process.env['BENCH_STREAMS_USERS'] ?? '200');
const STREAMS_PER_USER = Number(process.env['BENCH_STREAMS_PER_USER'] ?? '5');
const COMMENTS = Number(process.env['BENCH_STREAMS_COMMENTS'] ?? '1000');
const HISTORY = Number(process.env['BENCH_STREAMS_HISTORY'] ?? '500');
const SECONDS = Number(process.env['BENCH_STREAMS_SECONDS'] ?? '30');
const DELIVERIES = 20;
const RSS_GOAL_MB = 200;
const JWT_SECRET = 'bench-streams-secret-bench-streams-secret-0123456789';

const log = (message: string) =>
  console.error(`[bench:streams ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** How many of the streams have not ended (an end already due is seen: one turn of the loop). */
async function countStillOpen(streams: readonly { ended: Promise<unknown> }[]): Promise<number> {
  const open = await Promise.all(
    streams.map((s) =>
      Promise.race([
        s.ended.then(() => false),
        new Promise<boolean>((r) => setImmediate(() => r(true))),
      ]),
    ),
  );
  return open.filter(Boolean).length;
}

interface User {
  id: number;
  token: string;
}

/** Users and their terms acceptance written straight to the server's database, with tokens. */
async function createUsers(server: RunningServer, count: number): Promise<User[]> {
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const version = (
    db.prepare('select version from terms_versions limit 1').get() as {
      version: string;
    }
  ).version;
  const insertUser = db.prepare(
    `insert into users (username, username_lower, email, email_lower, password_hash, is_active,
       token_version, create_tms) values (?, ?, ?, ?, 'not-used', 1, 0, ?) returning id`,
  );
  const accept = db.prepare(
    'insert into terms_acceptances (user_id, version, accepted_at) values (?, ?, ?)',
  );
  const ids = db.transaction(() => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const name = `stream${i}`;
      const { id } = insertUser.get(
        name,
        name,
        `${name}@example.test`,
        `${name}@example.test`,
        now,
      ) as {
        id: number;
      };
      accept.run(id, version, now);
      out.push(id);
    }
    return out;
  })();
  db.close();
  const secret = new TextEncoder().encode(JWT_SECRET);
  return Promise.all(
    ids.map(async (id) => ({
      id,
      token: await signAccessToken(secret, { userId: id, tokenVersion: 0 }),
    })),
  );
}

/** One open stream: its first `unread`, and the moments its notification events arrived. */
interface Stream {
  firstUnread: Promise<void>;
  notifications: number[];
  ended: Promise<void>;
  onNotification: (() => void) | null;
  request: http.ClientRequest;
}

function openStream(baseURL: string, agent: http.Agent, token: string): Stream {
  let resolveFirst!: () => void;
  let rejectFirst!: (error: Error) => void;
  let resolveEnded!: () => void;
  const stream: Stream = {
    firstUnread: new Promise((resolve, reject) => {
      resolveFirst = resolve;
      rejectFirst = reject;
    }),
    ended: new Promise((resolve) => (resolveEnded = resolve)),
    notifications: [],
    onNotification: null,
    request: undefined as unknown as http.ClientRequest,
  };
  stream.request = http.get(
    `${baseURL}/api/notifications/stream`,
    { agent, headers: { authorization: `Bearer ${token}` } },
    (res) => {
      if (res.statusCode !== 200) {
        rejectFirst(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: unread')) resolveFirst();
          if (block.includes('event: notification')) {
            stream.notifications.push(performance.now());
            stream.onNotification?.();
          }
        }
      });
      res.on('close', resolveEnded);
      res.on('error', resolveEnded);
    },
  );
  stream.request.on('error', (error) => {
    rejectFirst(error);
    resolveEnded();
  });
  return stream;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((x, y) => x - y);
  const f = (v: number) => v.toFixed(1);
  return `p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? NaN)} ms (${sorted.length} calls)`;
}

async function timedCall(
  baseURL: string,
  agent: http.Agent,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseURL}${url}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Sequential ordinary calls (a user's own notes list) for `seconds`. */
async function ordinaryCalls(
  server: RunningServer,
  users: User[],
  seconds: number,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  let i = 0;
  while (Date.now() < deadline) {
    const user = users[i++ % users.length]!;
    const { ms, status } = await timedCall(
      server.baseURL,
      agent,
      'GET',
      '/api/ruminations/my',
      user.token,
    );
    if (status !== 200) throw new Error(`GET /api/ruminations/my answered ${status}`);
    samples.push(ms);
    // About 50 calls a second: a steady trickle, not a load test.
    await new Promise((r) => setTimeout(r, 20));
  }
  agent.destroy();
  return samples;
}

async function main(): Promise<void> {
  log('starting the server (npm start bundle, SQLite)');
  const server = await startServer({
    label: 'bench-streams',
    env: { JWT_SECRET, RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
  const results: string[] = [];
  try {
    const users = await createUsers(server, STREAMS + 1);
    const actor = users[STREAMS]!;
    const idleRss = server.rss();
    log(`server up, ${users.length} users; RSS idle ${idleRss.toFixed(1)} MB`);

    const baseline = await ordinaryCalls(server, users, 5);

    // One socket per stream: no pooling limit, no keep-alive reuse.
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const openStarted = performance.now();
    const streams = users.slice(0, STREAMS).map((u) => openStream(server.baseURL, agent, u.token));
    await Promise.race([
      Promise.all(streams.map((s) => s.firstUnread)),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('streams did not all open in 60 s')), 60_000),
      ),
    ]);
    const openMs = performance.now() - openStarted;
    const rssOpen = server.rss();
    log(
      `${STREAMS} streams open (first unread on all) in ${openMs.toFixed(0)} ms; RSS ${rssOpen.toFixed(1)} MB`,
    );

    // One event to one stream at a time: from the request that causes it to its arrival.
    const deliveries: number[] = [];
    for (let i = 0; i < DELIVERIES; i++) {
      const stream = streams[(i * 37) % STREAMS]!;
      const target = users[(i * 37) % STREAMS]!;
      const arrived = new Promise<void>((resolve) => (stream.onNotification = resolve));
      const started = performance.now();
      const { status } = await timedCall(
        server.baseURL,
        agent,
        'POST',
        '/api/UserRelations',
        actor.token,
        {
          userId: target.id,
          relationType: 2,
        },
      );
      if (status !== 201) throw new Error(`POST /api/UserRelations answered ${status}`);
      await Promise.race([
        arrived,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no event in 5 s')), 5000)),
      ]);
      deliveries.push(stream.notifications.at(-1)! - started);
      stream.onNotification = null;
    }

    log(`ordinary calls for ${SECONDS} s with the streams open`);
    const during = await ordinaryCalls(server, users, SECONDS);
    const rssAfter = server.rss();
    const peak = server.peakRss();

    const stillOpen = await countStillOpen(streams);

    // Graceful stop with every stream open: the server ends them rather than wait.
    const stopStarted = performance.now();
    await server.stop();
    const stopMs = performance.now() - stopStarted;
    const ended = await Promise.race([
      Promise.all(streams.map((s) => s.ended)).then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 5000)),
    ]);
    agent.destroy();

    const ok = rssOpen < RSS_GOAL_MB && rssAfter < RSS_GOAL_MB;
    const row = (label: string, value: string) => `  ${label.padEnd(44)}${value}`;
    results.push(
      `Notification streams: ${STREAMS} open streams on one server (SQLite, npm start bundle)`,
      row('RSS idle (no streams)', `${idleRss.toFixed(1)} MB`),
      row(`RSS with ${STREAMS} streams open`, `${rssOpen.toFixed(1)} MB`),
      row(
        `RSS after ${SECONDS} s of calls`,
        `${rssAfter.toFixed(1)} MB (peak ${peak.toFixed(1)} MB)`,
      ),
      row(`goal: RSS < ${RSS_GOAL_MB} MB`, ok ? 'met' : 'MISSED'),
      row('opening all (to first unread)', `${openMs.toFixed(0)} ms`),
      row('GET /api/ruminations/my, no streams', summary(baseline)),
      row('GET /api/ruminations/my, streams open', summary(during)),
      row('one event to one stream (POST to arrival)', summary(deliveries)),
      row('streams still open after the calls', `${stillOpen} of ${STREAMS}`),
      row(
        'graceful stop (SIGTERM to exit)',
        `${stopMs.toFixed(0)} ms; every stream ended: ${ended ? 'yes' : 'NO'}`,
      ),
    );
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
  console.log(results.join('\n'));
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/**
 * `perAuthor` unread relation notifications for each author, straight into the server's database
 * (no bus message: no stream hears of them, as of old history). Relation notifications are always
 * visible, so each counts.
 */
function addUnreadHistory(
  server: RunningServer,
  authors: User[],
  actor: User,
  perAuthor: number,
): void {
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into notifications (recipient_id, actor_id, kind, relation_id, relation_type, is_read,
       create_tms) values (?, ?, 'RelationRequested', 1, 2, 0, ?)`,
  );
  const now = new Date().toISOString();
  db.transaction(() => {
    for (const author of authors)
      for (let i = 0; i < perAuthor; i++) insert.run(author.id, actor.id, now);
  })();
  db.close();
}

async function expectStatus(
  call: Promise<{ ms: number; status: number }>,
  expected: number,
  what: string,
): Promise<void> {
  const { status } = await call;
  if (status !== expected) throw new Error(`${what} answered ${status}`);
}

/** Server CPU per comment, with no stream and with BENCH_STREAMS_PER_USER streams per note author. */
async function commentsMain(): Promise<void> {
  log('starting the server (npm start bundle, SQLite)');
  const server = await startServer({
    label: 'bench-streams',
    env: { JWT_SECRET, RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
  const results: string[] = [];
  try {
    const users = await createUsers(server, FANOUT_USERS + 1);
    const authors = users.slice(0, FANOUT_USERS);
    const commenter = users[FANOUT_USERS]!;
    const calls = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const notes: number[] = [];
    for (const author of authors) {
      const res = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${server.baseURL}/api/ruminations`,
          {
            method: 'POST',
            agent: calls,
            headers: {
              authorization: `Bearer ${author.token}`,
              'content-type': 'application/json',
            },
          },
          (answer) => {
            let body = '';
            answer.setEncoding('utf8');
            answer.on('data', (chunk: string) => (body += chunk));
            answer.on('end', () =>
              answer.statusCode === 201
                ? resolve((JSON.parse(body) as { id: number }).id)
                : reject(new Error(`POST /api/ruminations answered ${answer.statusCode}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ content: `a note of ${author.id}`, publish: true }));
      });
      notes.push(res);
    }

    const comment = (i: number) =>
      expectStatus(
        timedCall(server.baseURL, calls, 'POST', '/api/comments', commenter.token, {
          ruminationId: notes[i % notes.length],
          content: `comment ${i}`,
        }),
        201,
        'POST /api/comments',
      );

    const pid = server.pid;
    // A warm-up as long as a phase, so that every phase runs compiled code.
    for (let i = 0; i < COMMENTS; i++) await comment(i);

    log(`${COMMENTS} comments with no stream open`);
    const cpu = cpuSeconds(pid);
    for (let i = 0; i < COMMENTS; i++) await comment(i);
    const noStreams = (cpuSeconds(pid) - cpu) / COMMENTS;

    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const byAuthor = authors.map((author) =>
      Array.from({ length: STREAMS_PER_USER }, () =>
        openStream(server.baseURL, agent, author.token),
      ),
    );
    const streams = byAuthor.flat();
    await Promise.race([
      Promise.all(streams.map((s) => s.firstUnread)),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('streams did not all open in 60 s')), 60_000),
      ),
    ]);
    log(`${streams.length} streams open; ${COMMENTS} comments, each waited for on every stream`);

    /** Comments, each waited for until every stream of its note's author has its event. */
    const commentsWithStreams = async (first: number): Promise<number> => {
      const started = cpuSeconds(pid);
      for (let i = first; i < first + COMMENTS; i++) {
        const own = byAuthor[i % notes.length]!;
        const before = own.map((s) => s.notifications.length);
        await comment(i);
        const deadline = Date.now() + 5000;
        while (own.some((s, k) => s.notifications.length <= before[k]!)) {
          if (Date.now() > deadline)
            throw new Error(`comment ${i} reached not every stream in 5 s`);
          await new Promise((r) => setTimeout(r, 1));
        }
      }
      return (cpuSeconds(pid) - started) / COMMENTS;
    };
    const withStreams = await commentsWithStreams(0);
    log(`${COMMENTS} more comments with the streams open (history twice as long)`);
    const withStreamsLater = await commentsWithStreams(COMMENTS);
    log(`${HISTORY} unread notifications more per author, then ${COMMENTS} comments`);
    addUnreadHistory(server, authors, commenter, HISTORY);
    const withHistory = await commentsWithStreams(2 * COMMENTS);
    const stillOpen = await countStillOpen(streams);

    await server.stop();
    agent.destroy();
    calls.destroy();
    const ms = (seconds: number) => `${(seconds * 1000).toFixed(2)} ms`;
    const row = (label: string, value: string) => `  ${label.padEnd(52)}${value}`;
    results.push(
      `Notification streams: server CPU per comment, ${FANOUT_USERS} note authors, ${COMMENTS} comments a phase (SQLite, npm start bundle)`,
      row('no stream open', ms(noStreams)),
      row(
        `${streams.length} streams open (${STREAMS_PER_USER} per author)`,
        `${ms(withStreams)} (${(withStreams / noStreams).toFixed(1)}x)`,
      ),
      row(
        `the same, ${COMMENTS} comments later`,
        `${ms(withStreamsLater)} (${(withStreamsLater / noStreams).toFixed(1)}x)`,
      ),
      row(
        `the same, with ${HISTORY} more unread per author`,
        `${ms(withHistory)} (${(withHistory / noStreams).toFixed(1)}x)`,
      ),
      row('streams still open at the end', `${stillOpen} of ${streams.length}`),
    );
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
  console.log(results.join('\n'));
}

(MODE === 'comments' ? commentsMain() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
