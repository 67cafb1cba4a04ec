import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/support/server-process';

/** `npm start` as an operator runs it: a real process, a real port, SIGTERM to stop. */
describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-process-'));
  const staticDir = path.join(dataDir, 'dist');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Built</title>');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts, migrates, seeds the terms, serves, and stops cleanly on SIGTERM', async () => {
    // No JWT_SECRET and no DATABASE_URL: what a first start on a fresh machine has.
    const server = await startServer({
      label: 'process',
      dataDir,
      staticDir,
      env: { DATABASE_URL: '', JWT_SECRET: '' },
    });
    const base = server.baseURL;
    const terms = await fetch(`${base}/api/TermsOfService/current`);
    expect(terms.ok, server.logs()).toBe(true);
    const body = (await terms.json()) as { version: string; content: string };
    expect(body.version).toBe('1.0');
    // The eleven sections of the spec.
    expect(body.content.match(/^## \d+\./gm)).toHaveLength(11);

    const page = await fetch(`${base}/my-feed`);
    expect(await page.text()).toContain('Built');

    // No JWT_SECRET: one was generated and kept, readable by the owner only.
    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(fs.statSync(secretFile).mode & 0o077).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'ruminations.sqlite'))).toBe(true);

    expect(await server.stop()).toBe(0);
    expect(server.logs()).toContain('SIGTERM received');
  }, 60_000);
});
