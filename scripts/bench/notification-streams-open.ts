/**
 * `npm run bench:streams` (the default mode): memory, call latency, event delivery and a graceful
 * stop with BENCH_STREAMS streams open.
 */
import http from 'node:http';
import type { RunningServer } from '../support/server-process';
import {
  allFirstUnread,
  countStillOpen,
  openStream,
  timedCall,
} from './notification-streams-client';
import {
  DELIVERIES,
  log,
  RSS_GOAL_MB,
  SECONDS,
  startStreamsServer,
  STREAMS,
} from './notification-streams-settings';
import { createUsers, type User } from './notification-streams-users';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((x, y) => x - y);
  const f = (v: number) => v.toFixed(1);
  return `p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? NaN)} ms (${sorted.length} calls)`;
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

/** Every figure of the default mode, printed beside the memory goal. */
export async function openStreamsMain(): Promise<void> {
  const server = await startStreamsServer();
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
    await allFirstUnread(streams);
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
