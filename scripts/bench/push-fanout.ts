/**
 * `npm run bench:push`: what a burst of notifications costs when each recipient has the most
 * devices an account may hold (issue 26, Web Push; at most MAX_PUSH_DEVICES, 10, since issue 40).
 * Starts the real server (`npm start`'s bundle, SQLite in a temp folder, API only) and a local push
 * service on 127.0.0.1 that answers 201 after BENCH_PUSH_LATENCY_MS (20 ms, about a real push
 * service's answer time) and listed in PUSH_ALLOWED_ORIGINS.
 *
 * One writer's public note has a comment from each of BENCH_PUSH_PEOPLE (100) readers, and each
 * reader subscribed BENCH_PUSH_DEVICES (10) devices through POST /api/push/subscriptions. The
 * writer then answers every comment, one reply after the other: each reply is one ReplyToMyComment
 * notification to its reader (the writer, the note's author, is not notified of their own reply),
 * so the server sends 100 x 10 = 1,000 messages to 1,000 devices, the load the bench measured when
 * one person could hold 1,000. Meanwhile a client calls GET /api/ruminations/public one call at a
 * time, and the script reports:
 * - that call's latency (p50, p99, max) before the replies and during the fan-out;
 * - how long each reply's POST took (they must not wait for the pushes, though later replies are
 *   posted while earlier ones' messages go out);
 * - for each notification, the time from its reply's POST being sent to the last of its reader's
 *   messages (the contract: within 5 seconds), and how many took longer;
 * - the time from the first reply's answer to the first and to the last message, and whether each
 *   device got exactly one;
 * - the server's CPU time (user + system) during the fan-out, which a busy machine does not
 *   inflate as it does the times above;
 * - the server's resident memory idle, after the setup, and at its peak during the fan-out.
 * It asserts nothing beyond each device receiving its message; it prints the figures.
 *
 * Environment:
 *   BENCH_PUSH_PEOPLE=100       readers, each notified once
 *   BENCH_PUSH_DEVICES=10       devices of each reader (at most MAX_PUSH_DEVICES)
 *   BENCH_PUSH_LATENCY_MS=20    the push service's answer time
 *
 * Everything listens on 127.0.0.1 only and every wait is bounded.
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { MAX_PUSH_DEVICES } from '../../src/domain/push-devices';
import { startServer } from '../support/server-process';
import {
  cpuSeconds,
  createUsers,
  expectCreated,
  outboxDrained,
  publicPageCalls,
  request,
  startPushService,
  summary,
  type Answer,
} from './push-fanout-support';

const PEOPLE = Number(process.env['BENCH_PUSH_PEOPLE'] ?? '100');
const DEVICES = Number(process.env['BENCH_PUSH_DEVICES'] ?? String(MAX_PUSH_DEVICES));
const LATENCY_MS = Number(process.env['BENCH_PUSH_LATENCY_MS'] ?? '20');
const MESSAGES = PEOPLE * DEVICES;
/** The contract's bound on each notification's messages. */
const WITHIN_MS = 5000;
const BASELINE_SECONDS = 5;
const FANOUT_TIMEOUT_MS = 60_000;
/** Setup calls in flight at once. */
const SETUP_PARALLEL = 8;
const JWT_SECRET = 'bench-push-secret-bench-push-secret-0123456789abcdef';

const log = (message: string) =>
  console.error(`[bench:push ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** Runs `task` for 0..count-1, SETUP_PARALLEL at a time, in order of index within each group. */
async function inGroups<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < count; i += SETUP_PARALLEL) {
    const group = Array.from({ length: Math.min(SETUP_PARALLEL, count - i) }, (_, k) =>
      task(i + k),
    );
    results.push(...(await Promise.all(group)));
  }
  return results;
}

/** The endpoint path of a reader's device: the push service tells whose message arrived by it. */
const devicePath = (reader: number, device: number) =>
  `/push/r${reader}-d${device}-${randomBytes(4).toString('hex')}`;
const readerOfPath = (url: string) => Number(/^\/push\/r(\d+)-/.exec(url)?.[1] ?? NaN);

async function main(): Promise<void> {
  if (!(DEVICES >= 1 && DEVICES <= MAX_PUSH_DEVICES) || !(PEOPLE >= 1)) {
    // An 11th device ends the oldest: the bench would wait for messages nobody sends.
    throw new Error(
      `BENCH_PUSH_DEVICES must be 1 to ${MAX_PUSH_DEVICES} (an account's limit) and BENCH_PUSH_PEOPLE at least 1; raise BENCH_PUSH_PEOPLE for more messages`,
    );
  }
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
    const names = Array.from({ length: PEOPLE }, (_, i) => `pushreader${i}`);
    const [writer, ...readers] = await createUsers(server, ['pushwriter', ...names], JWT_SECRET);
    const agent = new http.Agent({ keepAlive: true, maxSockets: SETUP_PARALLEL });
    const idleRss = server.rss();

    // A page of public notes for the reader, the last one the note that is commented on.
    let noteId = 0;
    for (let i = 0; i < 20; i++) {
      const res = await expectCreated(
        request(server.baseURL, agent, 'POST', '/api/ruminations', writer!.token, {
          content: `a public thought ${i}`,
          publish: true,
        }),
        'POST /api/ruminations',
      );
      noteId = (res.json as { id: number }).id;
    }

    log(`subscribing ${DEVICES} devices for each of ${PEOPLE} readers`);
    await inGroups(MESSAGES, (n) => {
      const reader = Math.floor(n / DEVICES);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return expectCreated(
        request(server.baseURL, agent, 'POST', '/api/push/subscriptions', readers[reader]!.token, {
          endpoint: `${push.origin}${devicePath(reader, n % DEVICES)}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        }),
        'POST /api/push/subscriptions',
      );
    });

    log(`each reader comments on the writer's note`);
    const commentIds = await inGroups(PEOPLE, async (reader) => {
      const res = await expectCreated(
        request(server.baseURL, agent, 'POST', '/api/comments', readers[reader]!.token, {
          ruminationId: noteId,
          content: `a comment from reader ${reader}`,
        }),
        'POST /api/comments',
      );
      return (res.json as { id: number }).id;
    });
    // Their notifications go to the writer, who has no device: let the sender finish with them.
    const left = await outboxDrained(server, 30_000);
    if (left > 0) log(`${left} setup messages still queued; the figures include them`);
    if (push.total() > 0) throw new Error(`${push.total()} messages before the replies`);
    const setupRss = server.rss();

    log(`GET /api/ruminations/public for ${BASELINE_SECONDS} s, no fan-out`);
    await publicPageCalls(server.baseURL, { seconds: 1 });
    const before = await publicPageCalls(server.baseURL, { seconds: BASELINE_SECONDS });

    log(`the writer replies to ${PEOPLE} comments: ${MESSAGES} messages while the page is read`);
    let peak = server.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 50);
    const cpuBefore = cpuSeconds(server.pid);
    const allArrived = push.waitForTotal(MESSAGES, FANOUT_TIMEOUT_MS);
    // Handled below once the replies are posted; a failed reply must not leave it unhandled.
    allArrived.catch(() => undefined);
    const reading = publicPageCalls(server.baseURL, { until: allArrived });
    // One client, one reply after the other, as fast as the server answers.
    const replies: Answer[] = [];
    for (let reader = 0; reader < PEOPLE; reader++) {
      replies.push(
        await expectCreated(
          request(server.baseURL, agent, 'POST', '/api/comments', writer!.token, {
            parentCommentId: commentIds[reader],
            content: `thank you, reader ${reader}`,
          }),
          'POST /api/comments (reply)',
        ),
      );
    }
    await allArrived;
    const during = await reading;
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    clearInterval(sampler);
    // Anything sent twice would come within the senders' next poll.
    await new Promise((r) => setTimeout(r, 1500));
    agent.destroy();

    const firstReply = replies[0]!;
    const lastReply = replies.at(-1)!;
    const times = [...push.arrivals.values()].flat();
    const firstArrival = Math.min(...times);
    const lastArrival = Math.max(...times);
    // Per notification: its reply's POST sent, to the last of its reader's devices' messages.
    const lastOfReader = new Map<number, number>();
    for (const [url, arrivals] of push.arrivals) {
      const reader = readerOfPath(url);
      lastOfReader.set(reader, Math.max(lastOfReader.get(reader) ?? 0, ...arrivals));
    }
    const delays = replies.map(
      (reply, reader) => (lastOfReader.get(reader) ?? NaN) - reply.started,
    );
    const late = delays.filter((d) => !(d <= WITHIN_MS)).length;
    const counts = [...push.arrivals.values()].map((a) => a.length);
    const exactlyOnce = counts.length === MESSAGES && counts.every((c) => c === 1);

    const row = (label: string, value: string) => `  ${label.padEnd(52)}${value}`;
    lines.push(
      `Web Push fan-out: ${PEOPLE} replies, each to a reader with ${DEVICES} devices (${MESSAGES} messages), push service answering in ${LATENCY_MS} ms (SQLite, npm start bundle)`,
      row('POST /api/comments (each reply, answer)', summary(replies.map((r) => r.ms))),
      row('all replies posted in', `${(lastReply.answered - firstReply.started).toFixed(0)} ms`),
      row(
        'each notification: reply sent to its last message',
        `${summary(delays, 'notifications')}; ${late} over ${WITHIN_MS / 1000} s`,
      ),
      row(
        'first message arrived (after the first answer)',
        `${(firstArrival - firstReply.answered).toFixed(0)} ms`,
      ),
      row(
        `all ${MESSAGES} arrived (after the first answer)`,
        `${(lastArrival - firstReply.answered).toFixed(0)} ms (${((MESSAGES / (lastArrival - firstReply.started)) * 1000).toFixed(0)} messages/s)`,
      ),
      row(
        'server CPU during the fan-out (user + system)',
        `${cpu.toFixed(2)} s (${((cpu * 1000) / MESSAGES).toFixed(2)} ms a message, replies and reads included)`,
      ),
      row('each device exactly one message', exactlyOnce ? 'yes' : `NO (${times.length} received)`),
      row('GET /api/ruminations/public, before', summary(before)),
      row('GET /api/ruminations/public, during fan-out', summary(during)),
      row('RSS idle', `${idleRss.toFixed(1)} MB`),
      row(`RSS with ${MESSAGES} subscriptions and ${PEOPLE} comments`, `${setupRss.toFixed(1)} MB`),
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
