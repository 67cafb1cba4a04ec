import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `npm start` as an operator runs it: a real process, a real port, SIGTERM to stop. */
describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-process-'));
  const staticDir = path.join(dataDir, 'dist');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Built</title>');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts, migrates, seeds the terms, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: staticDir,
        DATABASE_URL: '',
        JWT_SECRET: '',
        SMTP_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    const base = `http://127.0.0.1:${port}`;
    let terms: Response | undefined;
    for (let i = 0; i < 150 && child.exitCode === null; i++) {
      terms = await fetch(`${base}/api/TermsOfService/current`).catch(() => undefined);
      if (terms?.ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(terms?.ok, output).toBe(true);
    const body = (await terms?.json()) as { version: string; content: string };
    expect(body.version).toBe('1.0');
    // The eleven sections of the spec.
    expect(body.content.match(/^## \d+\./gm)).toHaveLength(11);

    const page = await fetch(`${base}/my-feed`);
    expect(await page.text()).toContain('Built');

    // No JWT_SECRET: one was generated and kept, readable by the owner only.
    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(fs.statSync(secretFile).mode & 0o077).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'ruminations.sqlite'))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM received');
  }, 60_000);
});
