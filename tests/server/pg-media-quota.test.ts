import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { DecodeSlots } from '../../server/modules/media/decode-slots';
import { usedBytes } from '../../server/modules/media/media-queries';
import { folderMediaStorage } from '../../server/modules/media/media-storage-folder';
import { uploadMedia } from '../../server/modules/media/media-upload-service';
import { ApiProblem } from '../../src/api/problem';
import { smallPng } from '../support/photo-fixtures';
import { createEmptyPostgresDatabase, testPostgresUrl } from './support/test-database';
import { insertActiveUser } from './support/test-users';

/**
 * The photo quota with several instances over one PostgreSQL (api-contract.md "Photos": each
 * account holds at most MEDIA_QUOTA_MB): two uploads of one account at the same moment, through
 * two handles (two pools, as two instances have), do not together pass it. Each handle answers the
 * used-bytes query 300 ms late, so that both uploads have read the account's sum before either
 * has written its row: without a lock both would pass.
 */

const adminUrl = testPostgresUrl();

/** Holds back every result that carries the used-bytes sum (media-queries.ts usedBytes). */
const slowUsedBytes: KyselyPlugin = {
  transformQuery: (args) => args.node,
  async transformResult(args) {
    const first = args.result.rows[0];
    if (first !== undefined && typeof first === 'object' && 'used' in first) {
      await new Promise((r) => setTimeout(r, 300));
    }
    return args.result;
  },
};

describe.skipIf(adminUrl === undefined)('the photo quota with two instances on PostgreSQL', () => {
  let databaseUrl: string;
  let drop: (() => Promise<void>) | undefined;
  let one: Kysely<Database>;
  let two: Kysely<Database>;
  let root: string;
  let file: string;

  beforeAll(async () => {
    ({ databaseUrl, drop } = await createEmptyPostgresDatabase(adminUrl!));
    one = createDatabase({ databaseUrl });
    two = createDatabase({ databaseUrl });
    await migrateToLatest(one, databaseUrl);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-media-'));
    file = path.join(root, 'upload.png');
    fs.writeFileSync(file, await smallPng(400, 300));
  }, 60_000);

  afterAll(async () => {
    await one?.destroy();
    await two?.destroy();
    await drop?.();
    fs.rmSync(root, { recursive: true, force: true });
  }, 30_000);

  it('lets one of two simultaneous uploads in when only one fits, and answers 413 to the other', async () => {
    const storage = folderMediaStorage(path.join(root, 'media'));
    const context = (db: Kysely<Database>, quotaBytes: number) => ({
      db: db.withPlugin(slowUsedBytes),
      storage,
      slots: new DecodeSlots(2),
      quotaBytes,
    });
    const secret = randomBytes(32);
    // The photo's stored size, from an upload of someone else.
    const other = await insertActiveUser(one, secret, { username: 'measurer' });
    await uploadMedia(context(one, 1024 * 1024 * 1024), other.id, file);
    const bytes = await usedBytes(one, other.id);
    expect(bytes).toBeGreaterThan(0);

    const owner = await insertActiveUser(one, secret, { username: 'photographer' });
    const quota = Math.floor(bytes * 1.5);
    const results = await Promise.allSettled([
      uploadMedia(context(one, quota), owner.id, file),
      uploadMedia(context(two, quota), owner.id, file),
    ]);

    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason as unknown;
    expect(reason).toBeInstanceOf(ApiProblem);
    expect(reason).toMatchObject({ status: 413, title: 'Your photo storage is full' });
    expect(await usedBytes(one, owner.id)).toBe(bytes);
    // The refused upload's files went with it: the two stored photos' 4 files each are left.
    const files = (
      fs.readdirSync(path.join(root, 'media'), { recursive: true }) as string[]
    ).filter((f) => /\.(webp|jpg)$/.test(f));
    expect(files).toHaveLength(8);
  }, 60_000);
});
