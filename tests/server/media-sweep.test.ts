import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertMedia } from '../../server/modules/media/media-queries';
import { allMediaFileKeys, type MediaStorage } from '../../server/modules/media/media-storage';
import { MEDIA_SWEEP_BATCH, sweepMedia } from '../../server/modules/media/media-sweep';
import { sweepTrash } from '../../server/modules/ruminations/trash-retention';
import { MEDIA_UNATTACHED_MS } from '../../src/api/limits';
import { createActiveUser, createTestApp, setUpTestApp, type TestApp } from './support/test-app';
import { call, person, writeRumination } from './ruminations-support';

/**
 * The photo sweep (api-contract.md "Photos"; server/modules/media/media-sweep.ts): uploads not
 * attached within 24 hours, photos a note let go, photos of notes erased for good (by their author
 * or the trash's retention) and of erased accounts lose their files and then their rows; held
 * photos and fresh uploads stay. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const RETENTION_SECONDS = 60;
const t = setUpTestApp({ config: { trashRetentionSeconds: RETENTION_SECONDS } });

const HOUR = 60 * 60 * 1000;

interface StoredPhoto {
  id: number;
  storageKey: string;
}

/** A photo as an upload leaves it (a row and its four files), `uploadedAgo` ms ago. */
async function upload(
  app: TestApp,
  owner: { id: number },
  uploadedAgo = 0,
  withFiles = true,
): Promise<StoredPhoto> {
  const at = Date.now() - uploadedAgo;
  const storageKey = `${randomBytes(1).toString('hex')}/${randomBytes(8).toString('hex')}`;
  if (withFiles) {
    for (const key of allMediaFileKeys(storageKey)) {
      await app.app.media.storage.put(key, Buffer.from(key), 'image/webp');
    }
  }
  const id = await insertMedia(app.db, {
    owner_id: owner.id,
    width: 4,
    height: 3,
    thumbnail_width: 4,
    thumbnail_height: 3,
    bytes: 4 * 100,
    storage_key: storageKey,
    create_tms: new Date(at).toISOString(),
    erase_after: new Date(at + MEDIA_UNATTACHED_MS).toISOString(),
  });
  return { id, storageKey };
}

/** What attaching stores (media-queries.ts writeAttachment), for a note written through the API. */
async function attach(app: TestApp, photo: StoredPhoto, ruminationId: number): Promise<void> {
  await app.db
    .updateTable('media')
    .set({ rumination_id: ruminationId, position: 0, alt: '', erase_after: null })
    .where('id', '=', photo.id)
    .execute();
}

/** How many of the photo's four files the storage still has. */
async function filesLeft(storage: MediaStorage, photo: StoredPhoto): Promise<number> {
  let left = 0;
  for (const key of allMediaFileKeys(photo.storageKey)) {
    const got = await storage.get(key);
    if (got) {
      left += 1;
      got.body.destroy();
    }
  }
  return left;
}

async function rowOf(app: TestApp, photo: StoredPhoto) {
  return app.db
    .selectFrom('media')
    .select(['id', 'rumination_id', 'erase_after'])
    .where('id', '=', photo.id)
    .executeTakeFirst();
}

/** Asserts the photo is erased (files and row) or kept whole. */
async function expectErased(app: TestApp, photo: StoredPhoto, erased: boolean): Promise<void> {
  expect(await filesLeft(app.app.media.storage, photo), `files of ${photo.id}`).toBe(
    erased ? 0 : 4,
  );
  expect(await rowOf(app, photo), `row of ${photo.id}`)[erased ? 'toBeUndefined' : 'toBeDefined']();
}

describe('the photo sweep', () => {
  it('erases uploads past their 24 hours and photos let go; keeps fresh uploads and held photos', async () => {
    const me = await person(t);
    const note = await writeRumination(t, me);
    const stale = await upload(t, me, MEDIA_UNATTACHED_MS + 1000);
    const fresh = await upload(t, me, MEDIA_UNATTACHED_MS - HOUR);
    const held = await upload(t, me, 3 * MEDIA_UNATTACHED_MS);
    await attach(t, held, note.id);
    const letGo = await upload(t, me);
    await attach(t, letGo, note.id);
    await t.db
      .updateTable('media')
      .set({ rumination_id: null, erase_after: null })
      .where('id', '=', letGo.id)
      .execute();

    expect(await sweepMedia(t.db, t.app.media.storage)).toBeGreaterThanOrEqual(2);

    await expectErased(t, stale, true);
    await expectErased(t, letGo, true);
    await expectErased(t, fresh, false);
    await expectErased(t, held, false);
    // The fresh upload's turn comes when its 24 hours have.
    await sweepMedia(t.db, t.app.media.storage, new Date(Date.now() + 2 * HOUR));
    await expectErased(t, fresh, true);
    await expectErased(t, held, false);
  });

  it('erases the photos of a note its author erased for good (the foreign key lets go of them)', async () => {
    const me = await person(t);
    const note = await writeRumination(t, me);
    const other = await writeRumination(t, me);
    const [a, b, kept] = [await upload(t, me), await upload(t, me), await upload(t, me)];
    await attach(t, a, note.id);
    await attach(t, b, note.id);
    await attach(t, kept, other.id);

    // In the trash the note keeps its photos (a restore brings them back).
    expect((await call(t, 'DELETE', `/api/ruminations/${note.id}`, { as: me })).statusCode).toBe(
      204,
    );
    await sweepMedia(t.db, t.app.media.storage);
    await expectErased(t, a, false);
    expect((await rowOf(t, a))?.rumination_id).toBe(note.id);

    const erased = await call(t, 'DELETE', `/api/ruminations/${note.id}/permanent`, { as: me });
    expect(erased.statusCode).toBe(204);
    expect(await rowOf(t, a)).toMatchObject({ rumination_id: null, erase_after: null });

    await sweepMedia(t.db, t.app.media.storage);
    await expectErased(t, a, true);
    await expectErased(t, b, true);
    await expectErased(t, kept, false);
  });

  it("erases the photos of a note the trash's retention erased", async () => {
    const me = await person(t);
    const note = await writeRumination(t, me);
    const photo = await upload(t, me);
    await attach(t, photo, note.id);
    expect((await call(t, 'DELETE', `/api/ruminations/${note.id}`, { as: me })).statusCode).toBe(
      204,
    );
    await t.db
      .updateTable('ruminations')
      .set({ deleted_tms: new Date(Date.now() - 2 * RETENTION_SECONDS * 1000).toISOString() })
      .where('id', '=', note.id)
      .execute();

    expect(await sweepTrash(t.db, RETENTION_SECONDS)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(t, photo)).toMatchObject({ rumination_id: null });
    await sweepMedia(t.db, t.app.media.storage);
    await expectErased(t, photo, true);
  });

  it("erases every photo of an erased account, held or pending, and nobody else's", async () => {
    const leaving = await createActiveUser(t.app);
    const staying = await person(t);
    const note = await writeRumination(t, leaving);
    const theirNote = await writeRumination(t, staying);
    const held = await upload(t, leaving);
    await attach(t, held, note.id);
    const pending = await upload(t, leaving);
    const theirs = await upload(t, staying);
    const theirHeld = await upload(t, staying);
    await attach(t, theirHeld, theirNote.id);

    const res = await call(t, 'DELETE', '/api/account', {
      as: leaving,
      body: { password: leaving.password },
    });
    expect(res.statusCode).toBe(204);
    await sweepMedia(t.db, t.app.media.storage);

    await expectErased(t, held, true);
    await expectErased(t, pending, true);
    await expectErased(t, theirs, false);
    await expectErased(t, theirHeld, false);
    const left = await t.db
      .selectFrom('media')
      .select('id')
      .where('owner_id', '=', leaving.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('sweeps more than a batch in one run', async () => {
    const me = await person(t);
    const photos: StoredPhoto[] = [];
    for (let i = 0; i < MEDIA_SWEEP_BATCH + 3; i++) {
      photos.push(await upload(t, me, 2 * MEDIA_UNATTACHED_MS, i < 2 || i > MEDIA_SWEEP_BATCH));
    }
    expect(await sweepMedia(t.db, t.app.media.storage)).toBeGreaterThanOrEqual(photos.length);
    const left = await t.db
      .selectFrom('media')
      .select('id')
      .where('owner_id', '=', me.id)
      .execute();
    expect(left).toEqual([]);
    for (const photo of [photos[0]!, photos.at(-1)!]) {
      expect(await filesLeft(t.app.media.storage, photo)).toBe(0);
    }
  });

  it('keeps the rows when the storage fails, and erases them on the next run', async () => {
    const me = await person(t);
    const photo = await upload(t, me, 2 * MEDIA_UNATTACHED_MS);
    const failing: MediaStorage = {
      ...t.app.media.storage,
      delete: () => Promise.reject(new Error('storage unreachable')),
    };
    await expect(sweepMedia(t.db, failing)).rejects.toThrow('storage unreachable');
    await expectErased(t, photo, false);
    await sweepMedia(t.db, t.app.media.storage);
    await expectErased(t, photo, true);
  });
});

describe('the scheduled sweep', () => {
  it('runs when the app is ready and every MEDIA_SWEEP_MS', async () => {
    const app = await createTestApp({
      config: { media: { ...testMedia(), sweepIntervalMs: 50 } },
    });
    try {
      const me = await person(app);
      const photo = await upload(app, me, 2 * MEDIA_UNATTACHED_MS);
      const deadline = Date.now() + 5000;
      while ((await rowOf(app, photo)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await expectErased(app, photo, true);
    } finally {
      await app.close();
    }
  });
});

function testMedia() {
  return {
    quotaBytes: 1024 * 1024 * 1024,
    s3: undefined,
    decodeConcurrency: 2,
    sweepIntervalMs: 0,
  };
}
