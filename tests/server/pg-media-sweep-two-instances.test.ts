import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { allMediaFileKeys, type MediaStorage } from '../../server/modules/media/media-storage';
import { folderMediaStorage } from '../../server/modules/media/media-storage-folder';
import { MEDIA_SWEEP_BATCH, sweepMedia } from '../../server/modules/media/media-sweep';
import { createEmptyPostgresDatabase, testPostgresUrl } from './support/test-database';
import { insertActiveUser } from './support/test-users';

/**
 * The photo sweep with several instances over one PostgreSQL and one storage (api-contract.md
 * "Photos": cleaned up by one instance at a time): two handles (two pools, as two instances have)
 * sweeping at the same instant, with a slow storage so that their runs overlap batch by batch,
 * erase every due photo, delete each file exactly once, and neither fails.
 */

const adminUrl = testPostgresUrl();

describe.skipIf(adminUrl === undefined)('the photo sweep with two instances on PostgreSQL', () => {
  let databaseUrl: string;
  let drop: (() => Promise<void>) | undefined;
  let one: Kysely<Database>;
  let two: Kysely<Database>;
  let root: string;

  beforeAll(async () => {
    ({ databaseUrl, drop } = await createEmptyPostgresDatabase(adminUrl!));
    one = createDatabase({ databaseUrl });
    two = createDatabase({ databaseUrl });
    await migrateToLatest(one, databaseUrl);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-media-'));
  }, 60_000);

  afterAll(async () => {
    await one?.destroy();
    await two?.destroy();
    await drop?.();
    fs.rmSync(root, { recursive: true, force: true });
  }, 30_000);

  /** The shared folder, slowed down, counting how often each key is asked to be deleted. */
  function countingStorage(deletes: Map<string, number>): MediaStorage {
    const folder = folderMediaStorage(root);
    return {
      ...folder,
      async delete(keys) {
        for (const key of keys) deletes.set(key, (deletes.get(key) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 40));
        await folder.delete(keys);
      },
    };
  }

  it('erases each due photo once, whichever instance erases it, and keeps a fresh upload', async () => {
    const owner = await insertActiveUser(one, randomBytes(32), { username: 'photographer' });
    const storage = folderMediaStorage(root);
    const long = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    const due: string[] = [];
    for (let i = 0; i < 2 * MEDIA_SWEEP_BATCH + 50; i++) {
      const storageKey = `${randomBytes(1).toString('hex')}/${randomBytes(8).toString('hex')}`;
      for (const key of allMediaFileKeys(storageKey)) {
        await storage.put(key, Buffer.from(key), 'image/webp');
      }
      due.push(storageKey);
    }
    const row = (storageKey: string, eraseAfter: string) => ({
      owner_id: owner.id,
      width: 2,
      height: 2,
      thumbnail_width: 2,
      thumbnail_height: 2,
      bytes: 4,
      storage_key: storageKey,
      create_tms: long,
      erase_after: eraseAfter,
    });
    await one
      .insertInto('media')
      .values(due.map((key) => row(key, long)))
      .execute();
    const fresh = `ff/${randomBytes(8).toString('hex')}`;
    await storage.put(`${fresh}/photo.webp`, Buffer.from('fresh'), 'image/webp');
    await one
      .insertInto('media')
      .values(row(fresh, new Date(Date.now() + 60_000).toISOString()))
      .execute();

    const deletes = new Map<string, number>();
    const [a, b] = await Promise.all([
      sweepMedia(one, countingStorage(deletes)),
      sweepMedia(two, countingStorage(deletes)),
    ]);

    expect(a + b).toBe(due.length);
    const expected = due.flatMap((key) => allMediaFileKeys(key));
    expect([...deletes.keys()].sort()).toEqual([...expected].sort());
    expect([...deletes.values()].every((n) => n === 1)).toBe(true);
    const left = await two.selectFrom('media').select('storage_key').execute();
    expect(left.map((r) => r.storage_key)).toEqual([fresh]);
    expect(await storage.get(`${fresh}/photo.webp`)).toBeDefined();
    for (const key of [due[0]!, due.at(-1)!]) {
      expect(await storage.get(`${key}/photo.webp`)).toBeUndefined();
    }

    // Nothing is left to either.
    const again = await Promise.all([
      sweepMedia(one, countingStorage(deletes)),
      sweepMedia(two, countingStorage(deletes)),
    ]);
    expect(again).toEqual([0, 0]);
  }, 60_000);
});
