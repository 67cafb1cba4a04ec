import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

/**
 * The one way tests and scripts run the server as a process of its own (the browser journeys, the
 * server-process and multi-instance tests, fuzz, crash test, benchmarks, screenshots, Lighthouse):
 * on 127.0.0.1 and a free port, its output in a log file (which also holds the email links), ready
 * once one URL answers, with its memory read from /proc, and restart, any signal and a clean stop.
 */

/** How the process is started; every entry runs with the repository's root as working folder. */
export type ServerEntry =
  /**
   * `npm start`'s command line from package.json (its V8 flags, then scripts/start.mjs, which runs
   * the bundle in its own process and rebuilds it when stale): the server as operators run it.
   */
  | 'npm-start'
  /** server/main.ts through tsx: the sources as they are, with no bundle to build first. */
  | 'tsx'
  /** Any other node command line (a profiled bundle, the benchmark's baseline server). */
  | { nodeArgs: string[] };

export interface ServerOptions {
  /** Names the temporary data folder and the process in error messages. */
  label: string;
  entry?: ServerEntry;
  /**
   * Over the defaults (PORT, HOST, DATA_DIR, STATIC_DIR, APP_URL, LOG_LEVEL=info and SMTP_URL
   * empty, so that no real mail leaves and the links land in the log): DATABASE_URL, JWT_SECRET,
   * rate limits and the like. The rest of the environment is this process's own.
   */
  env?: Record<string, string>;
  /** An existing data folder (a loaded data set), left in place; by default a fresh one. */
  dataDir?: string;
  /** A built SPA to serve; by default none (API only). */
  staticDir?: string;
  /** Keep the fresh data folder and its log after stop(), for a look afterwards. */
  keepData?: boolean;
  /**
   * What answers 200 once the process is ready. The server listens only after its migrations and
   * the seed have run (server/main.ts), so its health check means the whole API is usable.
   */
  readyPath?: string;
  readyTimeoutMs?: number;
}

export interface RunningServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** stdout and stderr of every run of the process, restarts appended. */
  logFile: string;
  /** The current process's id (a restart changes it). */
  readonly pid: number;
  running(): boolean;
  logs(): string;
  /** Resident memory of the process now, in MB (NaN once it is gone). */
  rss(): number;
  /** Its highest resident memory so far, in MB. */
  peakRss(): number;
  /** A new process on the same port, data and log (after stopping the current one if it runs). */
  restart(): Promise<void>;
  /** Sends `signal` (SIGKILL: `kill -9`) and resolves with the exit code once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * SIGTERM (the server's graceful stop, SIGKILL if it has not ended after STOP_GRACE_MS), then
   * removes the data folder unless it was given or is to be kept; resolves with the exit code.
   */
  stop(): Promise<number | null>;
}

/** The server gives open requests 10 s after SIGTERM before it exits by itself. */
const STOP_GRACE_MS = 12_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * For a server that scripted people sign up to in numbers, all from one address (the browser
 * journeys, the screenshots): rate limits × 1000 and a JWT secret of its own.
 */
export function manyPeopleEnv(): Record<string, string> {
  return {
    RATE_LIMIT_MULTIPLIER: '1000',
    JWT_SECRET: randomBytes(48).toString('base64'),
  };
}

/** A log file's text; empty while it does not exist yet. */
export function readLog(logFile: string): string {
  try {
    return fs.readFileSync(logFile, 'utf8');
  } catch {
    return '';
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const ownDataDir = options.dataDir === undefined;
  const dataDir =
    options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `ruminations-${options.label}-`));
  const logFile = path.join(dataDir, 'server.log');
  const { args, env: entryEnv } = nodeArgsOf(options.entry ?? 'npm-start');
  const env = {
    ...process.env,
    ...entryEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: options.staticDir ?? path.join(dataDir, 'no-spa'),
    APP_URL: baseURL,
    LOG_LEVEL: 'info',
    SMTP_URL: '',
    ...options.env,
  };

  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (running()) child?.kill(signal);
    return exited;
  };
  const terminate = async () => {
    if (!running()) return exited;
    const timer = setTimeout(() => child?.kill('SIGKILL'), STOP_GRACE_MS);
    try {
      return await kill('SIGTERM');
    } finally {
      clearTimeout(timer);
    }
  };
  const removeData = () => {
    if (ownDataDir && !options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  /** A restart appends to the log: what the process said before a `kill -9` stays readable. */
  const launch = async (logMode: 'w' | 'a') => {
    const log = fs.openSync(logFile, logMode);
    const started = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    child = started;
    exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
    killWithThisProcess(started);
    try {
      await waitUntilReady();
    } catch (error) {
      await kill('SIGKILL');
      throw error;
    }
  };

  const waitUntilReady = async () => {
    const readyURL = `${baseURL}${options.readyPath ?? '/api/health'}`;
    const timeoutMs = options.readyTimeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    let lastError = '';
    while (Date.now() < deadline) {
      if (!running()) {
        throw new Error(
          `${options.label}: the server exited (${child?.exitCode ?? child?.signalCode}) before ` +
            `it was ready. Its log:\n${readLog(logFile).slice(-4000)}`,
        );
      }
      try {
        const response = await fetch(readyURL, { signal: AbortSignal.timeout(5_000) });
        if (response.ok) return;
        lastError = `HTTP ${response.status}`;
      } catch (error) {
        lastError = String(error);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `${options.label}: ${readyURL} did not answer in ${timeoutMs / 1000} s (${lastError}). ` +
        `Its log:\n${readLog(logFile).slice(-4000)}`,
    );
  };

  try {
    await launch('w');
  } catch (error) {
    removeData();
    throw error;
  }
  return {
    baseURL,
    port,
    dataDir,
    logFile,
    get pid() {
      return child?.pid ?? 0;
    },
    running,
    logs: () => readLog(logFile),
    rss: () => memoryMb(child?.pid).rss,
    peakRss: () => memoryMb(child?.pid).peak,
    async restart() {
      await terminate();
      await launch('a');
    },
    kill,
    async stop() {
      const code = await terminate();
      removeData();
      return code;
    },
  };
}

function nodeArgsOf(entry: ServerEntry): { args: string[]; env: Record<string, string> } {
  if (entry === 'tsx') return { args: ['--import', 'tsx', 'server/main.ts'], env: {} };
  if (entry === 'npm-start') return npmStartArgs();
  return { args: entry.nodeArgs, env: {} };
}

/**
 * "[NAME=value ...] node [flags] scripts/start.mjs" from package.json, so that the environment it
 * sets (the allocator's) and the V8 flags are the same as `npm start`'s.
 */
function npmStartArgs(): { args: string[]; env: Record<string, string> } {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string | undefined>;
  };
  const words = (pkg.scripts['start'] ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`unexpected start script: ${pkg.scripts['start']}`);
  return { args, env };
}

/** Resident and peak resident memory of a process, in MB, from /proc (Linux); NaN once it is gone. */
function memoryMb(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/**
 * Servers still running when this process exits (a script that failed half-way, a test worker torn
 * down) go with it, instead of holding their port and data folder.
 */
const children = new Set<ChildProcess>();
function killWithThisProcess(child: ChildProcess): void {
  if (children.size === 0) process.on('exit', killChildren);
  children.add(child);
  child.once('exit', () => {
    children.delete(child);
    if (children.size === 0) process.off('exit', killChildren);
  });
}
function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}

/**
 * The server's resident memory at rest, in MB: after 2 s for it to settle (GC, timers), the median
 * of 40 samples `sampleMs` apart. The baseline a memory benchmark subtracts from its peak.
 */
export async function settledRss(server: RunningServer, sampleMs = 50): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    samples.push(server.rss());
    await new Promise((resolve) => setTimeout(resolve, sampleMs));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}
