/**
 * `npm run bench:push`: what one notification costs a person with many devices (issue 26, Web
 * Push). Starts the real server (`npm start`'s bundle, SQLite in a temp folder, API only) and a
 * local push service on 127.0.0.1 that answers 201 after BENCH_PUSH_LATENCY_MS (20 ms, about a
 * real push service's answer time) and listed in PUSH_ALLOWED_ORIGINS. One person subscribes
 * BENCH_PUSH_DEVICES (1,000) devices through POST /api/push/subscriptions; another comments on
 * their note once, so the server fans that one notification out to every device. Meanwhile a
 * client calls GET /api/ruminations/public one call at a time, and the script reports:
 * - that call's latency (p50, p99, max) before the comment and during the fan-out;
 * - how long the comment's POST took (it must not wait for the pushes), the time from its answer
 *   to the first and to the last of the messages, and whether each device got exactly one;
 * - the server's CPU time (user + system) during the fan-out, which a busy machine does not
 *   inflate as it does the times above;
 * - the server's resident memory idle, after the subscriptions, and at its peak during the fan-out.
 * It asserts nothing beyond each device receiving its message; it prints the figures.
 *
 * Environment:
 *   BENCH_PUSH_DEVICES=1000     devices of the one recipient
 *   BENCH_PUSH_LATENCY_MS=20    the push service's answer time
 *
 * Everything listens on 127.0.0.1 only and every wait is bounded.
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { signAccessToken } from '../../server/credentials/access-token';
import { startServer, type RunningServer } from '../support/server-process';

const DEVICES = Number(process.env['BENCH_PUSH_DEVICES'] ?? '1000');
const LATENCY_MS = Number(process.env['BENCH_PUSH_LATENCY_MS'] ?? '20');
const BASELINE_SECONDS = 5;
const FANOUT_TIMEOUT_MS = 60_000;
const JWT_SECRET = 'bench-push-secret-bench-push-secret-0123456789abcdef';

const log = (message: string) =>
  console.error(`[bench:push ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A push service that counts what it receives per endpoint and answers 201 after a delay. */
async function startPushService(latencyMs: number) {
  const arrivals = new Map<string, number>();
  const times: number[] = [];
  let onArrival: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = req.url ?? '/';
      arrivals.set(key, (arrivals.get(key) ?? 0) + 1);
      times.push(performance.now());
      onArrival?.();
      setTimeout(() => {
        res.statusCode = 201;
        res.end();
      }, latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    arrivals,
    times,
    /** Resolves once `count` requests in all have arrived, or rejects after `timeoutMs`. */
    waitForTotal(count: number, timeoutMs: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          onArrival = undefined;
          reject(new Error(`push service: ${times.length} of ${count} after ${timeoutMs} ms`));
        }, timeoutMs);
        onArrival = () => {
          if (times.length < count) return;
          clearTimeout(timer);
          onArrival = undefined;
          resolve();
        };
        onArrival();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface User {
  id: number;
  token: string;
}

/** Users and their terms acceptance written straight to the server's database, with tokens. */
async function createUsers(server: RunningServer, names: string[]): Promise<User[]> {
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const { version } = db.prepare('select version from terms_versions limit 1').get() as {
    version: string;
  };
  const insertUser = db.prepare(
    `insert into users (username, username_lower, display_name, display_name_fold, email,
       email_lower, password_hash, is_active, token_version, create_tms)
     values (?, ?, ?, ?, ?, ?, 'not-used', 1, 0, ?) returning id`,
  );
  const accept = db.prepare(
    'insert into terms_acceptances (user_id, version, accepted_at) values (?, ?, ?)',
  );
  const ids = db.transaction(() =>
    names.map((name) => {
      const email = `${name}@example.test`;
      const { id } = insertUser.get(name, name, name, name, email, email, now) as { id: number };
      accept.run(id, version, now);
      return id;
    }),
  )();
  db.close();
  const secret = new TextEncoder().encode(JWT_SECRET);
  return Promise.all(
    ids.map(async (id) => ({
      id,
      token: await signAccessToken(secret, { userId: id, tokenVersion: 0 }),
    })),
  );
}

async function request(
  baseURL: string,
  agent: http.Agent,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<{ ms: number; status: number; json: unknown }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseURL}${url}`,
      {
        method,
        agent,
        headers: {
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            json: text === '' ? undefined : (JSON.parse(text) as unknown),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function expectCreated(
  call: Promise<{ ms: number; status: number; json: unknown }>,
  what: string,
) {
  const res = await call;
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.json)}`);
  }
  return res;
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

/** GET /api/ruminations/public, one call at a time, until `until` resolves or `seconds` pass. */
async function publicPageCalls(
  baseURL: string,
  options: { seconds?: number; until?: Promise<unknown> },
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  void options.until?.finally(() => (done = true));
  const deadline = options.seconds === undefined ? Infinity : Date.now() + options.seconds * 1000;
  const samples: number[] = [];
  while (!done && Date.now() < deadline) {
    const { ms, status } = await request(baseURL, agent, 'GET', '/api/ruminations/public', null);
    if (status !== 200) throw new Error(`GET /api/ruminations/public answered ${status}`);
    samples.push(ms);
    // About 100 calls a second: a steady reader, not a load test.
    await new Promise((r) => setTimeout(r, 10));
  }
  agent.destroy();
  return samples;
}

async function main(): Promise<void> {
  const push = await startPushService(LATENCY_MS);
  log(`push service on ${push.origin}, answering after ${LATENCY_MS} ms`);
  log('starting the server (npm start bundle, SQLite)');
  const server = await startServer({
    label: 'bench-push',
    env: {
      JWT_SECRET,
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUSH_ALLOWED_ORIGINS: push.origin,
    },
  });
  const lines: string[] = [];
  try {
    const [author, commenter] = await createUsers(server, ['pushauthor', 'pushcommenter']);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const idleRss = server.rss();

    log(`subscribing ${DEVICES} devices`);
    for (let i = 0; i < DEVICES; i += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, DEVICES - i) }, (_, k) => {
          const ecdh = createECDH('prime256v1');
          ecdh.generateKeys();
          return expectCreated(
            request(server.baseURL, agent, 'POST', '/api/push/subscriptions', author!.token, {
              endpoint: `${push.origin}/push/device-${i + k}-${randomBytes(4).toString('hex')}`,
              keys: {
                p256dh: ecdh.getPublicKey().toString('base64url'),
                auth: randomBytes(16).toString('base64url'),
              },
            }),
            'POST /api/push/subscriptions',
          );
        }),
      );
    }
    // A page of public notes for the reader, the last one the note that is commented on.
    let noteId = 0;
    for (let i = 0; i < 20; i++) {
      const res = await expectCreated(
        request(server.baseURL, agent, 'POST', '/api/ruminations', author!.token, {
          content: `a public thought ${i}`,
          publish: true,
        }),
        'POST /api/ruminations',
      );
      noteId = (res.json as { id: number }).id;
    }
    const subscribedRss = server.rss();

    log(`GET /api/ruminations/public for ${BASELINE_SECONDS} s, no fan-out`);
    await publicPageCalls(server.baseURL, { seconds: 1 });
    const before = await publicPageCalls(server.baseURL, { seconds: BASELINE_SECONDS });

    log(`one comment: fan-out to ${DEVICES} devices while the page is read`);
    let peak = server.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 50);
    const cpuBefore = cpuSeconds(server.pid);
    const commentStarted = performance.now();
    const comment = await expectCreated(
      request(server.baseURL, agent, 'POST', '/api/comments', commenter!.token, {
        ruminationId: noteId,
        content: 'a comment',
      }),
      'POST /api/comments',
    );
    const answered = performance.now();
    const allArrived = push.waitForTotal(DEVICES, FANOUT_TIMEOUT_MS);
    const during = await publicPageCalls(server.baseURL, { until: allArrived });
    await allArrived;
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    const lastArrival = Math.max(...push.times);
    const firstArrival = Math.min(...push.times);
    clearInterval(sampler);
    // Anything sent twice would come within the senders' next poll.
    await new Promise((r) => setTimeout(r, 1500));
    const counts = [...push.arrivals.values()];
    const exactlyOnce = counts.length === DEVICES && counts.every((c) => c === 1);
    agent.destroy();

    const row = (label: string, value: string) => `  ${label.padEnd(48)}${value}`;
    lines.push(
      `Web Push fan-out: one comment to a person with ${DEVICES} devices, push service answering in ${LATENCY_MS} ms (SQLite, npm start bundle)`,
      row('POST /api/comments (answer)', `${comment.ms.toFixed(1)} ms`),
      row('first message arrived (after the answer)', `${(firstArrival - answered).toFixed(0)} ms`),
      row(
        `all ${DEVICES} arrived (after the answer)`,
        `${(lastArrival - answered).toFixed(0)} ms (${((DEVICES / (lastArrival - commentStarted)) * 1000).toFixed(0)} messages/s)`,
      ),
      row(
        'server CPU during the fan-out (user + system)',
        `${cpu.toFixed(2)} s (${((cpu * 1000) / DEVICES).toFixed(2)} ms a message, reads included)`,
      ),
      row(
        'each device exactly one message',
        exactlyOnce ? 'yes' : `NO (${push.times.length} received)`,
      ),
      row('GET /api/ruminations/public, before', summary(before)),
      row('GET /api/ruminations/public, during fan-out', summary(during)),
      row('RSS idle', `${idleRss.toFixed(1)} MB`),
      row(`RSS with ${DEVICES} subscriptions`, `${subscribedRss.toFixed(1)} MB`),
      row('RSS peak during the fan-out', `${peak.toFixed(1)} MB`),
    );
    await server.stop();
  } catch (error) {
    await server.stop().catch(() => undefined);
    await push.close();
    throw error;
  }
  await push.close();
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
