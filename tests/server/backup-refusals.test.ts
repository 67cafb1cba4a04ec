import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/support/repo-root';
import { BackupRefused, MANIFEST_FILE } from '../../server/backup/manifest';
import { restoreSqliteBackup } from '../../server/backup/restore';
import { takeSqliteBackup } from '../../server/backup/sqlite-backup';
import { testUpload } from './media-test-uploads';
import { writeRumination } from './ruminations-support';
import {
  backupConfig,
  folderContents,
  onPostgres,
  serverOn,
  tempFolder,
} from './support/backup-support';
import { createActiveUser } from './support/test-app';

const run = promisify(execFile);
const TSX = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/**
 * What a restore refuses (api-contract.md "Backups"): a backup that differs from its manifest by
 * one byte, a missing or an extra file, and a data folder that holds data without --force; each
 * time the data folder is left exactly as it was. And the commands themselves, as an operator
 * runs them. SQLite only.
 */

describe.skipIf(onPostgres)('restore refusals', () => {
  let backupDir: string;
  let dataDir: string;
  let backup: string;

  beforeAll(async () => {
    backupDir = tempFolder('backups');
    dataDir = tempFolder('data');
    const t = await serverOn(backupConfig(dataDir, backupDir));
    const someone = await createActiveUser(t.app);
    await writeRumination(t, someone, { content: 'kept safe' });
    await testUpload(t, someone);
    await t.close();
    backup = await takeSqliteBackup({ dataDir, to: backupDir, localMedia: true });
  });

  afterAll(() => {
    for (const dir of [backupDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the backup, changed by `damage`, restored with --force over `target`. */
  async function restoreDamaged(damage: (copy: string) => void, target: string) {
    const copy = tempFolder('damaged');
    fs.cpSync(backup, copy, { recursive: true });
    damage(copy);
    try {
      return await restoreSqliteBackup({
        from: copy,
        config: backupConfig(target, backupDir),
        force: true,
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }

  const photoFileOf = (copy: string) => {
    const media = path.join(copy, 'media');
    const found = fs.readdirSync(media, { recursive: true, withFileTypes: true });
    const file = found.find((entry) => entry.isFile());
    if (file === undefined) throw new Error('no photo in the backup');
    return path.join(file.parentPath, file.name);
  };

  it.each([
    [
      'one byte changed in the database',
      (copy: string) => {
        const file = path.join(copy, 'ruminations.sqlite');
        const bytes = fs.readFileSync(file);
        const at = bytes.length - 100;
        bytes.writeUInt8(bytes.readUInt8(at) ^ 0x01, at);
        fs.writeFileSync(file, bytes);
      },
      /ruminations\.sqlite does not match the manifest/,
    ],
    ['a photo missing', (copy: string) => fs.rmSync(photoFileOf(copy)), /missing media\//],
    [
      'a file the manifest does not list',
      (copy: string) => fs.writeFileSync(path.join(copy, 'media', 'stray.webp'), 'x'),
      /does not list: media\/stray\.webp/,
    ],
    [
      'no manifest',
      (copy: string) => fs.rmSync(path.join(copy, MANIFEST_FILE)),
      /no readable manifest\.json/,
    ],
  ])('refuses a backup with %s, leaving the data folder as it was', async (_, damage, reason) => {
    const target = tempFolder('target');
    try {
      fs.writeFileSync(path.join(target, 'ruminations.sqlite'), 'the data before');
      fs.mkdirSync(path.join(target, 'media'));
      fs.writeFileSync(path.join(target, 'media', 'a.webp'), 'a photo');
      const contents = folderContents(target);
      const error = await restoreDamaged(damage, target);
      expect(error).toBeInstanceOf(BackupRefused);
      expect((error as Error).message).toMatch(reason);
      expect(folderContents(target)).toEqual(contents);
      expect(fs.readdirSync(target).sort()).toEqual(['media', 'ruminations.sqlite']);
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  });

  it('refuses a data folder that holds data without --force, and replaces it with', async () => {
    const target = tempFolder('target');
    try {
      fs.writeFileSync(path.join(target, 'ruminations.sqlite'), 'the data before');
      const contents = folderContents(target);
      const config = backupConfig(target, backupDir);
      await expect(restoreSqliteBackup({ from: backup, config })).rejects.toThrow(/--force/);
      expect(folderContents(target)).toEqual(contents);

      await restoreSqliteBackup({ from: backup, config, force: true });
      const t = await serverOn(config);
      try {
        const notes = await t.db.selectFrom('ruminations').select('content').execute();
        expect(notes).toEqual([{ content: 'kept safe' }]);
      } finally {
        await t.close();
      }
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  });

  describe('the commands', () => {
    const command = (script: string, args: string[], env: Record<string, string>) =>
      run(process.execPath, [TSX, `server/cli/${script}`, ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: '', JWT_SECRET: '', BACKUP_DIR: '', ...env },
      }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({
          code: e.code,
          stdout: e.stdout,
          stderr: e.stderr,
        }),
      );

    it('npm run backup prints the folder it made last; restore refuses a damaged one (exit 1)', async () => {
      const made = await command('backup.ts', ['--to', backupDir], { DATA_DIR: dataDir });
      expect(made.code).toBe(0);
      const folder = made.stdout.trim().split('\n').at(-1) ?? '';
      expect(path.dirname(folder)).toBe(backupDir);
      expect(fs.existsSync(path.join(folder, MANIFEST_FILE))).toBe(true);

      fs.appendFileSync(path.join(folder, 'jwt-secret'), '0');
      const target = tempFolder('target');
      try {
        const refused = await command('restore.ts', ['--from', folder], { DATA_DIR: target });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/^Restore refused, nothing changed: jwt-secret does not/);
        expect(fs.readdirSync(target)).toEqual([]);
      } finally {
        fs.rmSync(target, { recursive: true, force: true });
      }
    }, 30_000);

    it('with DATABASE_URL both are pgBackRest’s: SQLite’s arguments get its usage, on one line (exit 2)', async () => {
      const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
      const answers = await Promise.all([
        command('backup.ts', ['--to', backupDir], env),
        command('restore.ts', ['--from', backup], env),
      ]);
      for (const answer of answers) {
        expect(answer.code).toBe(2);
        expect(answer.stderr.trim().split('\n')).toEqual([
          expect.stringMatching(/^Usage \(PostgreSQL, pgBackRest\)/),
        ]);
      }
      expect(answers[1]?.stderr).toContain('--to-time');
    }, 30_000);
  });
});
