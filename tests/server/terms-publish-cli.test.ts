import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/support/repo-root';
import { createDatabase } from '../../server/db/database';
import { testPostgresUrl } from './support/test-database';

const run = promisify(execFile);
const TSX = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/**
 * The operator command, run as `npm run terms:publish` runs it, on its own SQLite data folder:
 * the same whatever database the other tests use, so it runs in the SQLite run only (it spawns the
 * command four times, 11 to 17 s).
 */
describe.skipIf(testPostgresUrl() !== undefined)('terms:publish', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const publish = (...args: string[]) =>
    run(process.execPath, [TSX, 'server/cli/publish-terms.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '' },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        out: e.stdout + e.stderr,
      }),
    );

  it('publishes a new current version from a Markdown file, once', async () => {
    const file = path.join(dataDir, 'terms.md');
    fs.writeFileSync(file, '# Terms 1.1\n\nNew rules.');
    const first = await publish('1.1', file);
    expect(first.out).toContain('Published Terms of Service version 1.1');
    expect(first.code).toBe(0);

    const db = createDatabase({ sqliteFile: path.join(dataDir, 'ruminations.sqlite') });
    try {
      const versions = await db
        .selectFrom('terms_versions')
        .select(['version', 'content'])
        .orderBy('id')
        .execute();
      // 1.0 is seeded on first use of the database, then 1.1 becomes current.
      expect(versions.map((v) => v.version)).toEqual(['1.0', '1.1']);
      expect(versions[0]?.content).toContain('## 11.');
      expect(versions[1]?.content).toBe('# Terms 1.1\n\nNew rules.');
    } finally {
      await db.destroy();
    }

    const again = await publish('1.1', file);
    expect(again.code).toBe(1);
    expect(again.out).toContain('already exists');
  }, 30_000);

  it('explains its usage and refuses a missing file', async () => {
    const usage = await publish();
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run terms:publish -- <version> <markdown-file>');
    const missing = await publish('2.0', path.join(dataDir, 'nope.md'));
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('Cannot read');
  }, 30_000);
});
