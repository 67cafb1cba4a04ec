/**
 * What `npm run bench:push` (push-fanout.ts) runs beside the server: a local push service that
 * records each endpoint's arrivals, people written straight to the server's database with their
 * tokens, one HTTP call, and the figures' arithmetic. Used by that script only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { signAccessToken } from '../../server/credentials/access-token';
import type { RunningServer } from '../support/server-process';

/** A push service that records when each endpoint receives a message and answers 201 after a delay. */
export async function startPushService(latencyMs: number) {
  /** Arrival times (performance.now()) per endpoint path. */
  const arrivals = new Map<string, number[]>();
  let total = 0;
  let onArrival: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = req.url ?? '/';
      const times = arrivals.get(key) ?? [];
      times.push(performance.now());
      arrivals.set(key, times);
      total++;
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
    total: () => total,
    /** Resolves once `count` requests in all have arrived, or rejects after `timeoutMs`. */
    waitForTotal(count: number, timeoutMs: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          onArrival = undefined;
          reject(new Error(`push service: ${total} of ${count} after ${timeoutMs} ms`));
        }, timeoutMs);
        onArrival = () => {
          if (total < count) return;
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

export interface User {
  id: number;
  token: string;
}

/** Users and their terms acceptance written straight to the server's database, with tokens. */
export async function createUsers(
  server: RunningServer,
  names: string[],
  jwtSecret: string,
): Promise<User[]> {
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
  const secret = new TextEncoder().encode(jwtSecret);
  return Promise.all(
    ids.map(async (id) => ({
      id,
      token: await signAccessToken(secret, { userId: id, tokenVersion: 0 }),
    })),
  );
}

/**
 * Waits until the server's push outbox is empty (what the setup's own notifications queued is
 * dealt with), reading its database; gives up quietly after `timeoutMs`.
 */
export async function outboxDrained(server: RunningServer, timeoutMs: number): Promise<number> {
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'), { readonly: true });
  db.pragma('busy_timeout = 5000');
  const count = db.prepare('select count(*) as n from push_outbox');
  const deadline = Date.now() + timeoutMs;
  let left = (count.get() as { n: number }).n;
  while (left > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = (count.get() as { n: number }).n;
  }
  db.close();
  return left;
}

export interface Answer {
  /** When the call was sent and when its answer had arrived (performance.now()). */
  started: number;
  answered: number;
  ms: number;
  status: number;
  json: unknown;
}

export async function request(
  baseURL: string,
  agent: http.Agent,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<Answer> {
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
        res.on('end', () => {
          const answered = performance.now();
          resolve({
            started,
            answered,
            ms: answered - started,
            status: res.statusCode ?? 0,
            json: text === '' ? undefined : (JSON.parse(text) as unknown),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function expectCreated(call: Promise<Answer>, what: string): Promise<Answer> {
  const res = await call;
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.json)}`);
  }
  return res;
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** p50, p99 and max of `samples` in ms, with how many there were. */
export function summary(samples: number[], unit = 'calls'): string {
  const sorted = [...samples].sort((x, y) => x - y);
  const f = (v: number) => v.toFixed(1);
  return `p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? NaN)} ms (${sorted.length} ${unit})`;
}

/** GET /api/ruminations/public, one call at a time, until `until` resolves or `seconds` pass. */
export async function publicPageCalls(
  baseURL: string,
  options: { seconds?: number; until?: Promise<unknown> },
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  void options.until?.finally(() => (done = true)).catch(() => undefined);
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
