import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasureLogPath } from '../../server/backup/erasure-log';
import { restoreSqliteBackup } from '../../server/backup/restore';
import { takeSqliteBackup } from '../../server/backup/sqlite-backup';
import { mediaUrlExpiry, signedMediaUrls } from '../../src/api/media-urls';
import type { Rumination } from '../../src/api/rumination-schemas';
import { testUpload } from './media-test-uploads';
import { call, commentOnEach, relation, writeRumination, type Person } from './ruminations-support';
import { backupConfig, onPostgres, serverOn, tempFolder } from './support/backup-support';
import { authHeader, createActiveUser, type TestApp } from './support/test-app';
import type { TestUser } from './support/test-users';

/**
 * The restore drill (api-contract.md "Backups"): people write, a backup is taken while the server
 * runs, they write more and one of them erases their account, the data folder is lost, the backup
 * is restored into a fresh one, and the server started on it serves exactly what the backup held,
 * passwords included, without what came after it and without the erased account. SQLite only.
 */

describe.skipIf(onPostgres)('a backup restored after the data folder is lost', () => {
  let backupDir: string;
  let lostDir: string;
  let restoredDir: string;
  let before: TestApp;
  let after: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let aliceNote: Rumination;
  let carolNote: Rumination;
  let laterNote: Rumination;
  let photoBytes: Buffer;
  let photoId: number;
  let tokenAfterBackup: string;
  const exportsAtBackup = new Map<number, unknown>();

  const jsonExport = async (t: TestApp, who: TestUser) => {
    const res = await call(t, 'GET', '/api/account/export?format=json', { as: asPerson(who) });
    expect(res.statusCode).toBe(200);
    // The export's own time and the photos' signed URLs (they expire) change with each call.
    const { exportedAt: _exportedAt, ...rest } = res.json<Record<string, unknown>>();
    return JSON.parse(JSON.stringify(rest).replace(/expires=\d+&sig=[\w-]+/g, 'expires&sig'));
  };
  const signIn = (t: TestApp, who: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: who.username, password: who.password },
    });
  const photoOf = async (t: TestApp, owner: TestUser) => {
    const urls = await signedMediaUrls(
      photoId,
      owner.id,
      mediaUrlExpiry(new Date()),
      await t.app.media.signer(),
    );
    return t.app.inject({
      method: 'GET',
      url: urls.url,
      headers: { accept: 'image/webp', ...authHeader(owner.token) },
    });
  };

  beforeAll(async () => {
    backupDir = tempFolder('backups');
    lostDir = tempFolder('data');
    restoredDir = tempFolder('restored');
    before = await serverOn(backupConfig(lostDir, backupDir));
    alice = await createActiveUser(before.app);
    bob = await createActiveUser(before.app);
    carol = await createActiveUser(before.app);
    const upload = await testUpload(before, alice);
    photoId = upload.id;
    aliceNote = await writeRumination(before, asPerson(alice), { content: 'before the backup' });
    const withPhoto = await call(before, 'POST', '/api/ruminations', {
      as: asPerson(alice),
      body: { content: 'with a photo', publish: true, media: [{ id: photoId, alt: 'sky' }] },
    });
    expect(withPhoto.statusCode).toBe(201);
    carolNote = await writeRumination(before, asPerson(carol), { content: 'carol was here' });
    await relation(before.db, alice, bob, 1, 'accepted');
    // Carol's writing touches nobody else's, so that her erasure leaves the others' exports whole.
    await commentOnEach(before, [
      [asPerson(bob), aliceNote],
      [asPerson(alice), aliceNote],
      [asPerson(carol), carolNote],
    ]);
    const photo = await photoOf(before, alice);
    expect(photo.statusCode).toBe(200);
    photoBytes = photo.rawPayload;
    for (const who of [alice, bob]) exportsAtBackup.set(who.id, await jsonExport(before, who));

    // While the server runs, as `npm run backup` does.
    const folder = await takeSqliteBackup({ dataDir: lostDir, to: backupDir, localMedia: true });

    laterNote = await writeRumination(before, asPerson(alice), { content: 'after the backup' });
    const signedIn = await signIn(before, bob);
    expect(signedIn.statusCode).toBe(200);
    tokenAfterBackup = signedIn.json<{ accessToken: string }>().accessToken;
    // Bob could read Carol's note until she left.
    const seen = await call(before, 'GET', `/api/ruminations/${carolNote.id}`, {
      as: asPerson(bob),
    });
    expect(seen.statusCode).toBe(200);
    const erased = await call(before, 'DELETE', '/api/account', {
      as: asPerson(carol),
      body: { password: carol.password },
    });
    expect(erased.statusCode).toBe(204);
    await before.close();
    fs.rmSync(lostDir, { recursive: true, force: true });

    const config = backupConfig(restoredDir, backupDir);
    const restored = await restoreSqliteBackup({ from: folder, config });
    expect(restored.erasuresApplied).toBe(1);
    after = await serverOn(config);
  });

  afterAll(async () => {
    await after?.close();
    for (const dir of [backupDir, lostDir, restoredDir]) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('each surviving person’s export is what it was when the backup was taken', async () => {
    for (const who of [alice, bob]) {
      expect(await jsonExport(after, await signedInAgain(who))).toEqual(
        exportsAtBackup.get(who.id),
      );
    }
  });

  it('people sign in with their passwords; the photo is served as it was', async () => {
    const alicesNewToken = await signedInAgain(alice);
    const photo = await photoOf(after, alicesNewToken);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(photoBytes)).toBe(true);
  });

  it('what was written after the backup is not there', async () => {
    const res = await call(after, 'GET', `/api/ruminations/${laterNote.id}`, {
      as: asPerson(await signedInAgain(alice)),
    });
    expect(res.statusCode).toBe(404);
    const kept = await call(after, 'GET', `/api/ruminations/${aliceNote.id}`, {
      as: asPerson(await signedInAgain(alice)),
    });
    expect(kept.statusCode).toBe(200);
  });

  it('the account erased after the backup stays erased: no sign-in, its notes 404', async () => {
    expect(fs.readFileSync(erasureLogPath(backupConfig(lostDir, backupDir)), 'utf8')).toContain(
      `"userId":${carol.id}`,
    );
    expect((await signIn(after, carol)).statusCode).toBe(401);
    const note = await call(after, 'GET', `/api/ruminations/${carolNote.id}`, {
      as: asPerson(await signedInAgain(bob)),
    });
    expect(note.statusCode).toBe(404);
  });

  it('a token signed after the backup is refused by the restored server', async () => {
    const res = await after.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: authHeader(tokenAfterBackup),
    });
    expect(res.statusCode).toBe(401);
  });

  /** Signs in on the restored server, with the password the backup holds. */
  async function signedInAgain(who: TestUser): Promise<TestUser> {
    const res = await signIn(after, who);
    expect(res.statusCode).toBe(200);
    return { ...who, token: res.json<{ accessToken: string }>().accessToken };
  }
});

function asPerson(user: TestUser): Person {
  return { id: user.id, username: user.username, token: user.token };
}
