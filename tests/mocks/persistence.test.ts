import { afterEach, describe, expect, it } from 'vitest';
import { createRumination, createUser } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { outbox } from '../../mocks/store/tokens';
import { setPersistence } from '../../mocks/store/persistence';
import type { MockDb } from '../../mocks/store/tables';
import { api, setupMockBackend } from './mock-backend';

/** The demo keeps the store in browser storage; every call that changes it must be saved. */

setupMockBackend();

let saved: string | null = null;
const persistence = {
  load: () => (saved === null ? null : (JSON.parse(saved) as MockDb)),
  save: (db: MockDb) => {
    saved = JSON.stringify(db);
  },
};

afterEach(() => {
  setPersistence(null);
  saved = null;
});

describe('demo persistence', () => {
  it('saves an activation (a GET that writes) so that it survives a reload', async () => {
    setPersistence(persistence);
    await api('POST', '/api/auth/signup', {
      body: { username: 'newbie', email: 'newbie@example.com', password: 'quiet-lake-7' },
    });
    const token = new URL(outbox().at(-1)?.link ?? '').searchParams.get('token');
    expect((await api('GET', `/api/auth/activate?token=${token}`)).status).toBe(200);

    // Each call starts from the stored copy (as a reloaded page would), so an unsaved
    // activation would be lost here.
    const login = await api('POST', '/api/auth/login', {
      body: { username: 'newbie', password: 'quiet-lake-7' },
    });
    expect(login.status).toBe(200);
  });

  it("re-reads the stored copy before each call, so another tab's writes are seen", async () => {
    setPersistence(persistence);
    const { token } = createUser({ username: 'alice' });
    // Another tab publishes a rumination and saves its copy of the store.
    const otherTab = JSON.parse(saved ?? 'null') as MockDb;
    otherTab.ruminations.push({
      id: 999,
      authorId: getDb().users[0]?.id ?? 0,
      content: 'From the other tab',
      isPublished: true,
      audiences: [],
      createTMS: '2026-01-01T00:00:00.000Z',
      updateTMS: '2026-01-01T00:00:00.000Z',
      version: 1,
    });
    saved = JSON.stringify(otherTab);

    const mine = await api('GET', '/api/ruminations/my', { token });
    expect(mine.json.map((r: { content: string }) => r.content)).toEqual(['From the other tab']);
  });

  it('loads a copy saved before versions and history existed: notes and comments at version 1', async () => {
    setPersistence(persistence);
    const { user, token } = createUser({ username: 'alice' });
    const old = JSON.parse(saved ?? 'null') as MockDb;
    // As an older demo saved them: no `version` on either.
    old.ruminations.push({
      id: 900,
      authorId: user.id,
      content: 'Written before versions',
      isPublished: true,
      audiences: [],
      createTMS: '2026-01-01T00:00:00.000Z',
      updateTMS: '2026-01-01T00:00:00.000Z',
    } as unknown as MockDb['ruminations'][number]);
    old.comments.push({
      id: 901,
      ruminationId: 900,
      parentCommentId: null,
      authorId: user.id,
      content: 'An old comment',
      isDeleted: false,
      createTMS: '2026-01-01T00:00:00.000Z',
      updateTMS: '2026-01-01T00:00:00.000Z',
    } as unknown as MockDb['comments'][number]);
    // Nor a table of revisions.
    delete (old as Partial<MockDb>).revisions;
    saved = JSON.stringify(old);

    const read = await api('GET', '/api/ruminations/900', { token });
    expect(read.json.version).toBe(1);
    const comments = await api('GET', '/api/comments/rumination/900', { token });
    expect(comments.json.map((c: { version: number }) => c.version)).toEqual([1]);
    const edited = await api('PUT', '/api/ruminations/900', {
      token,
      body: { content: 'Edited', publish: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.version).toBe(2);
    const history = await api('GET', '/api/ruminations/900/revisions', { token });
    expect(history.json.map((v: { content: string }) => v.content)).toEqual([
      'Written before versions',
    ]);
  });

  it('loads a copy saved before display names and preferences: the name is the username, no bio', async () => {
    setPersistence(persistence);
    const { user, token } = createUser({ username: 'alice' });
    createRumination({ authorId: user.id, content: 'An old note' });
    const old = JSON.parse(saved ?? 'null') as MockDb;
    // As an older demo saved them: users without displayName or bio, no preferences table.
    for (const stored of old.users) {
      delete (stored as Partial<MockDb['users'][number]>).displayName;
      delete (stored as Partial<MockDb['users'][number]>).bio;
    }
    delete (old as Partial<MockDb>).preferences;
    saved = JSON.stringify(old);

    const me = await api('GET', '/api/auth/me', { token });
    expect(me.json).toEqual({ id: user.id, username: 'alice', displayName: 'alice' });
    const profile = await api('GET', `/api/users/${user.id}`);
    expect(profile.json).toMatchObject({ displayName: 'alice', bio: '' });
    const mine = await api('GET', '/api/ruminations/my', { token });
    expect(mine.json[0].createdBy.displayName).toBe('alice');
    expect((await api('GET', '/api/account/preferences', { token })).json.emailDigest).toBe('off');
    const saved2 = await api('PUT', '/api/account/preferences', {
      token,
      body: { emailDigest: 'daily' },
    });
    expect(saved2.status).toBe(200);
    expect((await api('GET', '/api/account/preferences', { token })).json.emailDigest).toBe(
      'daily',
    );
  });
});
