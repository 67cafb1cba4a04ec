import { describe, expect, it } from 'vitest';
import { setUpTestApp } from './support/test-app';
import { call, idsOf, person, relation, writeRumination } from './ruminations-support';

/**
 * A rumination in its author's trash is gone for everyone on every read path, its author included
 * (api-contract.md "Trash"): ruminationVisibleTo and the feed's mask form leave it out. The row is
 * moved to the trash here straight in the table, so this holds whatever path put it there.
 */

const t = setUpTestApp();

async function moveToTrash(id: number): Promise<void> {
  await t.db
    .updateTable('ruminations')
    .set({ deleted_tms: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

describe('a trashed rumination', () => {
  it('answers 404 and leaves every list, the search, comments and notifications', async () => {
    const author = await person(t);
    const friend = await person(t);
    await relation(t.db, author, friend, 1, 'accepted');
    const gone = await writeRumination(t, author, { content: 'vanishing words' });
    const shared = await writeRumination(t, author, {
      content: 'vanishing shared',
      audiences: [1],
    });
    const draft = await writeRumination(t, author, { content: 'vanishing draft', publish: false });
    const kept = await writeRumination(t, author, { content: 'vanishing kept' });
    const comment = await call(t, 'POST', '/api/comments', {
      as: friend,
      body: { ruminationId: gone.id, content: 'a reply to vanish' },
    });
    expect(comment.statusCode).toBe(201);
    const notificationsBefore = await call(t, 'GET', '/api/notifications', { as: author });
    expect(notificationsBefore.json<unknown[]>()).toHaveLength(1);

    for (const r of [gone, shared, draft]) await moveToTrash(r.id);

    for (const as of [author, friend, null]) {
      for (const r of [gone, shared, draft]) {
        expect((await call(t, 'GET', `/api/ruminations/${r.id}`, { as })).statusCode).toBe(404);
      }
      const comments = await call(t, 'GET', `/api/comments/rumination/${gone.id}`, { as });
      expect(comments.statusCode).toBe(404);
    }
    const lists = [
      ['/api/ruminations/my', author],
      ['/api/ruminations/my?isPublic=false', author],
      ['/api/ruminations/my?isPublic=true', author],
      ['/api/ruminations/my?q=vanishing', author],
      ['/api/ruminations/feed', friend],
      ['/api/ruminations/feed?UserId=' + String(author.id), friend],
      ['/api/ruminations/public', null],
      ['/api/ruminations/public?UserId=' + String(author.id), friend],
      ['/api/ruminations/public?UserId=' + String(author.id), null],
    ] as const;
    for (const [url, as] of lists) {
      const res = await call(t, 'GET', url, { as });
      expect(res.statusCode, url).toBe(200);
      const ids = idsOf(res);
      expect(ids, url).not.toContain(gone.id);
      expect(ids, url).not.toContain(shared.id);
      expect(ids, url).not.toContain(draft.id);
    }
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my?q=vanishing', { as: author }))).toEqual([
      kept.id,
    ]);
    const notifications = await call(t, 'GET', '/api/notifications', { as: author });
    expect(notifications.json<unknown[]>()).toEqual([]);
    const profile = await call(t, 'GET', `/api/users/${author.id}`, { as: null });
    expect(profile.json<{ publicRuminationCount: number }>().publicRuminationCount).toBe(1);
  });
});
