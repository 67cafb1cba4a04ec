import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the production server the way `npm start` does (node scripts/start.mjs), on a free port with
 * a fresh temporary DATA_DIR, relaxed rate limits and its log captured in a file, so that tests can
 * read the links of the emails it "sends" (with no SMTP configured it prints them in the log).
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  logFile: string;
  pid: number;
  stop: () => Promise<void>;
}

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

/** The environment the server runs with; also used by the operator commands (terms:publish). */
export function serverEnv(opts: { port: number; dataDir: string; staticDir: string }) {
  const baseURL = `http://127.0.0.1:${opts.port}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    STATIC_DIR: opts.staticDir,
    APP_URL: baseURL,
    JWT_SECRET: randomBytes(48).toString('base64'),
    LOG_LEVEL: 'info',
    // Every test signs up and signs in fresh people from one address: far more than a person would.
    RATE_LIMIT_MULTIPLIER: '1000',
    // Never send real mail from a test run.
    SMTP_URL: '',
  };
}

async function waitUntilReady(baseURL: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `The server exited with code ${child.exitCode} before it was ready. Its log:\n${readTail(logFile)}`,
      );
    }
    try {
      // The current terms exist only once migrations and the seed have run: the API is usable.
      const response = await fetch(`${baseURL}/api/TermsOfService/current`);
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `The server at ${baseURL} was not ready in 60 s (${lastError}). Its log:\n${readTail(logFile)}`,
  );
}

function readTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(-4000);
  } catch {
    return '(no log)';
  }
}

export async function startServer(opts: {
  staticDir: string;
  label?: string;
  /** Over serverEnv's: e.g. DATABASE_URL and one JWT_SECRET for several instances. */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(
    path.join(os.tmpdir(), `ruminations-e2e-${opts.label ?? 'data'}-`),
  );
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const env = { ...serverEnv({ port, dataDir, staticDir: opts.staticDir }), ...opts.env };
  // `npm start` runs scripts/start.mjs; before that exists, the server's entry point through tsx.
  const entry = fs.existsSync(path.join(REPO_ROOT, 'scripts', 'start.mjs'))
    ? ['scripts/start.mjs']
    : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', log, log],
    detached: false,
  });
  fs.closeSync(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // E2E_KEEP_DATA=1 keeps the database and the server log for a look after a run.
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseURL, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, logFile, pid: child.pid ?? 0, stop };
}
