import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server-process';

/**
 * A real server process (server/main.ts through tsx; `npm start` runs the same code bundled) on a
 * given database, for the tests of several instances sharing one PostgreSQL: separate processes
 * on purpose, since in one process anything an instance keeps in memory would be shared.
 */
export interface Instance {
  url: string;
  child: ChildProcess;
  /** What the process wrote, for the message of a failed start. */
  output: string[];
}

/** Spawns an instance on a free port and returns at once (see waitUntilUp). */
export async function spawnInstance(opts: {
  databaseUrl: string;
  jwtSecret: string;
  env?: Record<string, string>;
}): Promise<Instance> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: opts.jwtSecret,
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'no-dist'),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
  child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { url: `http://127.0.0.1:${port}`, child, output };
}

/** Resolves once the instance answers /api/health; fails if it exits or takes too long. */
export async function waitUntilUp(instance: Instance, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(`server exited (${instance.child.exitCode}):\n${instance.output.join('')}`);
    }
    try {
      if ((await fetch(`${instance.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer in ${timeoutMs} ms:\n${instance.output.join('')}`);
}

export async function startInstance(opts: Parameters<typeof spawnInstance>[0]): Promise<Instance> {
  const instance = await spawnInstance(opts);
  await waitUntilUp(instance);
  return instance;
}

/** SIGTERM (a graceful stop); resolves with the exit code. */
export async function stopInstance(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode !== null) return instance.child.exitCode;
  const exited = new Promise<number | null>((r) => instance.child.once('exit', (code) => r(code)));
  instance.child.kill('SIGTERM');
  return exited;
}
