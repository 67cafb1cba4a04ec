import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findEmailLink, readLog } from '../../tests/e2e/support/email-links';
import { freePort } from '../../tests/e2e/support/server-process';

/**
 * The real server for the hostile-input and crash scripts: `npm start`'s own entry
 * (scripts/start.mjs, the bundled server) as a child process on 127.0.0.1, API only (no SPA),
 * on a data folder that outlives restarts, its log in a file (which also holds the email links).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LiveServer {
  baseURL: string;
  dataDir: string;
  logFile: string;
  pid(): number;
  /** Resident memory of the server process, from /proc (MB). */
  rssMb(): number;
  restart(): Promise<void>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLiveServer(options: {
  label: string;
  env?: Record<string, string>;
  /** A built SPA to serve; by default none (API only). */
  staticDir?: string;
}): Promise<LiveServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ruminations-${options.label}-`));
  const logFile = path.join(dataDir, 'server.log');
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const launch = async () => {
    const log = fs.openSync(logFile, 'a');
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: options.staticDir ?? path.join(dataDir, 'no-spa'),
        APP_URL: baseURL,
        LOG_LEVEL: 'info',
        ...options.env,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`server exited:\n${readLog(logFile).slice(-2000)}`);
      try {
        if ((await fetch(`${baseURL}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start in 60 s');
  };

  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });

  await launch();
  return {
    baseURL,
    dataDir,
    logFile,
    pid: () => child?.pid ?? 0,
    rssMb() {
      const status = fs.readFileSync(`/proc/${child?.pid ?? 0}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    restart: launch,
    async kill9() {
      const done = exited();
      child?.kill('SIGKILL');
      await done;
    },
    async stop() {
      const done = exited();
      child?.kill('SIGTERM');
      await done;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Account {
  id: number;
  username: string;
  password: string;
  token: string;
}

async function json(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/** Signs up, activates (with the link from the server's log) and signs in one person. */
export async function createAccount(server: LiveServer, username: string): Promise<Account> {
  const password = `pw-${username}-unusual`;
  const post = (url: string, body: unknown) =>
    fetch(`${server.baseURL}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/api/auth/signup', {
    username,
    email: `${username}@example.test`,
    password,
    acceptedTosVersion: '1.0',
  });
  if (signup.status !== 201) throw new Error(`sign-up of ${username}: ${signup.status}`);
  let link: string | undefined;
  for (let i = 0; i < 50 && link === undefined; i++) {
    link = findEmailLink(readLog(server.logFile), 'activate', [username]);
    if (link === undefined) await new Promise((r) => setTimeout(r, 100));
  }
  if (link === undefined) throw new Error(`no activation link for ${username}`);
  const token = new URL(link).searchParams.get('token') ?? '';
  await fetch(`${server.baseURL}/api/auth/activate?token=${encodeURIComponent(token)}`);
  const login = await post('/api/auth/login', { username, password });
  const body = (await json(login)) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`sign-in of ${username}: ${login.status}`);
  const me = (await json(
    await fetch(`${server.baseURL}/api/auth/me`, {
      headers: { authorization: `Bearer ${body.accessToken}` },
    }),
  )) as { id: number };
  return { id: me.id, username, password, token: body.accessToken };
}
