import { describe, expect, it } from 'vitest';
import { eraseAccount } from '../../server/modules/account/account-erasure';
import { ImportWorker, IMPORT_LEASE_MS } from '../../server/modules/imports/import-worker';
import { DecodeSlots } from '../../server/modules/media/decode-slots';
import { smallPng } from '../support/photo-fixtures';
import { person } from './ruminations-support';
import { createTestApp, type TestApp } from './support/test-app';
import { dayOneZip, myNotes, postImport, readJob } from './account-import-support';

/**
 * An import is a job in the database (api-contract.md "Bring your journal: import"): an instance
 * that stops or dies mid-way leaves it to another, which finishes it without a duplicate.
 */

function anotherInstance(t: TestApp, clock: () => number = Date.now): ImportWorker {
  return new ImportWorker(
    {
      db: t.db,
      storage: t.app.media.storage,
      slots: new DecodeSlots(1),
      quotaBytes: t.app.config.media.quotaBytes,
      log: t.app.log,
    },
    { now: clock },
  );
}

const entries = Array.from({ length: 5 }, (_, i) => ({
  uuid: `E${i}`,
  creationDate: `2020-0${i + 1}-01T00:00:00Z`,
  text: `entry ${i}`,
}));

describe('one import at a time per person', () => {
  it('refuses another while one runs (409, its body unread), takes one again once it ended', async () => {
    const t = await createTestApp({ extraRoutes: (app) => app.imports.hold() });
    try {
      const me = await person(t);
      const other = await person(t);
      expect((await postImport(t, me, dayOneZip(entries))).statusCode).toBe(202);
      const again = await postImport(t, me, dayOneZip(entries));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        title: 'An import of yours is still running: wait until it ends to import another file',
      });
      expect((await postImport(t, other, dayOneZip(entries))).statusCode).toBe(202);
      // Both jobs worked to their end, mine may start another.
      while ((await anotherInstance(t).runOnce()) !== undefined);
      expect((await postImport(t, me, dayOneZip(entries))).statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });
});

describe('an import resumed after a restart', () => {
  it('is taken over once the dead instance’s lease lapsed, and finished without duplicates', async () => {
    // This instance works nothing by itself: the test says when it works and when it "dies".
    const t = await createTestApp({ extraRoutes: (app) => app.imports.hold() });
    try {
      const me = await person(t);
      const res = await postImport(t, me, dayOneZip(entries));
      expect(res.statusCode).toBe(202);
      const { id } = res.json<{ id: number }>();

      // Two entries in, the instance dies: its lease stays, held.
      expect(await t.app.imports.runOnce({ stopAfter: 2 })).toBe('stopped');
      expect(await readJob(t, me, id)).toMatchObject({ state: 'running', imported: 2 });

      // Another instance finds nothing to take while the lease lives...
      expect(await anotherInstance(t).runOnce()).toBeUndefined();
      // ...and takes it over once it lapsed, going on from the third entry.
      const later = anotherInstance(t, () => Date.now() + IMPORT_LEASE_MS + 1);
      expect(await later.runOnce()).toBe('done');

      expect(await readJob(t, me, id)).toMatchObject({
        state: 'done',
        imported: 5,
        skipped: 0,
        errors: [],
      });
      expect((await myNotes(t, me)).map((n) => n.content)).toEqual(entries.map((e) => e.text));
      // The dead instance, back, finds nothing left: it claims no job, writes nothing.
      expect(await t.app.imports.runOnce()).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('an instance that stops gives its job back at once, and another finishes it', async () => {
    const t = await createTestApp({ extraRoutes: (app) => app.imports.hold() });
    try {
      const me = await person(t);
      const { id } = (await postImport(t, me, dayOneZip(entries))).json<{ id: number }>();
      const first = anotherInstance(t);
      const stopping = first.runOnce();
      // Closing: the worker stops after the entry in hand and releases its claim.
      await first.stop();
      expect(await stopping).toBe('stopped');
      const job = await readJob(t, me, id);
      expect(job.state).toBe('running');
      expect(await anotherInstance(t).runOnce()).toBe('done');
      expect(await readJob(t, me, id)).toMatchObject({ state: 'done', imported: 5 });
      expect(await myNotes(t, me)).toHaveLength(5);
    } finally {
      await t.close();
    }
  });

  it('two instances claiming at once: one works the job, the other finds nothing', async () => {
    const t = await createTestApp({ extraRoutes: (app) => app.imports.hold() });
    try {
      const me = await person(t);
      const { id } = (await postImport(t, me, dayOneZip(entries))).json<{ id: number }>();
      const ends = await Promise.all([anotherInstance(t).runOnce(), anotherInstance(t).runOnce()]);
      expect(ends.filter((end) => end === 'done')).toHaveLength(1);
      expect(ends.filter((end) => end === undefined)).toHaveLength(1);
      expect(await readJob(t, me, id)).toMatchObject({ state: 'done', imported: 5 });
      expect(await myNotes(t, me)).toHaveLength(5);
    } finally {
      await t.close();
    }
  });

  it('a job whose account is erased mid-way ends with it, its uploaded file deleted', async () => {
    const t = await createTestApp({ extraRoutes: (app) => app.imports.hold() });
    try {
      const me = await person(t);
      const { id } = (await postImport(t, me, dayOneZip(entries))).json<{ id: number }>();
      const row = await t.db
        .selectFrom('imports')
        .select('file_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(await t.app.media.storage.get(row.file_key ?? '')).toBeDefined();
      expect(await t.app.imports.runOnce({ stopAfter: 1 })).toBe('stopped');
      await t.db.transaction().execute((trx) => eraseAccount(trx, me.id));
      const later = anotherInstance(t, () => Date.now() + IMPORT_LEASE_MS + 1);
      expect(await later.runOnce()).toBe('failed');
      expect(await t.db.selectFrom('import_entries').selectAll().execute()).toEqual([]);
      expect(
        await t.db.selectFrom('ruminations').where('author_id', '=', me.id).selectAll().execute(),
      ).toEqual([]);
      expect(await t.app.media.storage.get(row.file_key ?? '')).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('an import’s photos', () => {
  it('counts imported photos in the quota: an entry whose photo does not fit is skipped', async () => {
    const t = await createTestApp({
      config: {
        media: { quotaBytes: 100, s3: undefined, decodeConcurrency: 1, sweepIntervalMs: 0 },
      },
    });
    try {
      const me = await person(t);
      const zip = dayOneZip(
        [
          {
            uuid: 'Q1',
            creationDate: '2020-01-01T00:00:00Z',
            text: 'too big for my storage',
            photos: [{ md5: 'q', identifier: 'Q', type: 'png' }],
          },
        ],
        { 'q.png': await smallPng(300, 200, '#804020') },
      );
      const res = await postImport(t, me, zip);
      const { id } = res.json<{ id: number }>();
      await t.app.imports.settled();
      expect(await readJob(t, me, id)).toMatchObject({
        state: 'done',
        imported: 0,
        skipped: 1,
        errors: [{ entry: 'Q1', message: 'Its photo photos/q.png: Your photo storage is full' }],
      });
    } finally {
      await t.close();
    }
  });
});
