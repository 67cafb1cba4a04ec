/**
 * One measured load of `npm run bench` (autocannon against a running server): throughput at 50
 * connections, latency at 10, memory and CPU per request.
 */
import autocannon, { type RawRequest, type Result } from 'autocannon';
import type { RunningServer } from '../support/server-process';
import { DURATION, LATENCY_CONNECTIONS, log, THROUGHPUT_CONNECTIONS } from './bench-settings';
import { cpuSecondsOrZero as cpuSeconds, postgresCpuSeconds } from './process-cpu';

export interface Target {
  path: string;
  token?: string;
  /** Sent as Accept-Encoding; autocannon sends none, so answers come back uncompressed. */
  acceptEncoding?: string;
}

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  p50At50: number;
  p99At50: number;
  non2xx: number;
  errors: number;
  bytes: number;
  rss: number;
  peak: number;
  /**
   * CPU time per request at 50 connections, in µs: the server process, PostgreSQL's processes, and
   * this script (autocannon). All three share the machine's cores, so they explain its req/s.
   */
  cpuServer: number;
  cpuPostgres: number;
  cpuClient: number;
}

/** One row of the table: what was measured, on which database and data set. */
export interface Row {
  /** The database (and driver) and the data set's label, as printed. */
  db: string;
  /** The data set's label, to find the SQLite row of the same endpoint. */
  set?: string;
  endpoint: string;
  m: Measure;
}

function requestsFor(targets: Target[]) {
  let i = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request: RawRequest): RawRequest => {
        const t = targets[i++ % targets.length]!;
        return {
          ...request,
          path: t.path,
          headers: {
            ...(t.token ? { authorization: `Bearer ${t.token}` } : {}),
            ...(t.acceptEncoding ? { 'accept-encoding': t.acceptEncoding } : {}),
          },
        };
      },
    },
  ];
}

interface Load {
  result: Result;
  /** Latencies of the 2xx answers in ms, sorted: autocannon's own percentiles are whole ms. */
  latencies: number[];
}

function load(url: string, targets: Target[], connections: number, seconds: number) {
  return new Promise<Load>((resolve, reject) => {
    const latencies: number[] = [];
    autocannon(
      { url, connections, duration: seconds, timeout: 10, requests: requestsFor(targets) },
      (error, result) => {
        if (error) reject(error);
        else resolve({ result, latencies: latencies.sort((a, b) => a - b) });
      },
    ).on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function failures(r: Result): number {
  return r.non2xx + r.errors;
}
/**
 * Waits until the server answers its health check quickly again: a run that leaves a backlog of slow
 * requests (SQLite queries block the event loop) must not slow the next endpoint's measurement.
 */
async function drain(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    try {
      await fetch(`${server.baseURL}/api/health`, { signal: AbortSignal.timeout(30_000) });
    } catch {
      // still busy
    }
    if (Date.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
/** Warm-up (JIT, caches), then throughput at 50 connections and latency at 10. */
export async function measure(server: RunningServer, targets: Target[]): Promise<Measure> {
  await load(server.baseURL, targets, LATENCY_CONNECTIONS, Math.min(3, DURATION));
  await drain(server);
  const cpuBefore = {
    server: cpuSeconds(server.pid),
    postgres: postgresCpuSeconds(),
    client: process.cpuUsage(),
  };
  const { result: wide, latencies: wideLatencies } = await load(
    server.baseURL,
    targets,
    THROUGHPUT_CONNECTIONS,
    DURATION,
  );
  const perRequest = (seconds: number) =>
    (seconds * 1e6) / Math.max(1, wide.requests.total ?? wide.requests.average * DURATION);
  const client = process.cpuUsage(cpuBefore.client);
  const cpu = {
    cpuServer: perRequest(cpuSeconds(server.pid) - cpuBefore.server),
    cpuPostgres: perRequest(postgresCpuSeconds() - cpuBefore.postgres),
    cpuClient: perRequest((client.user + client.system) / 1e6),
  };
  await drain(server);
  const { result: narrow, latencies } = await load(
    server.baseURL,
    targets,
    LATENCY_CONNECTIONS,
    DURATION,
  );
  const mem = { rss: server.rss(), peak: server.peakRss() };
  await drain(server);
  const codes = { ...wide.statusCodeStats };
  for (const [code, { count }] of Object.entries(narrow.statusCodeStats)) {
    codes[code] = { count: (codes[code]?.count ?? 0) + count };
  }
  const odd = Object.entries(codes).filter(([code]) => !code.startsWith('2'));
  if (odd.length > 0 || wide.errors + narrow.errors > 0) {
    log(
      `  not 2xx: ${odd.map(([c, { count }]) => `${c} x${count}`).join(', ') || 'none'}; ` +
        `socket errors/timeouts: ${wide.errors + narrow.errors}`,
    );
  }
  return {
    rps: wide.requests.average,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    p50At50: percentile(wideLatencies, 0.5),
    p99At50: percentile(wideLatencies, 0.99),
    non2xx: failures(wide) + failures(narrow),
    errors: wide.errors + narrow.errors,
    bytes: wide.throughput.average / Math.max(1, wide.requests.average),
    rss: mem.rss,
    peak: mem.peak,
    ...cpu,
  };
}
