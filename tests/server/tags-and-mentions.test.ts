import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src/api/notification-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import type { TagCount } from '../../src/api/tag-schemas';
import { eraseAccount } from '../../server/modules/account/account-erasure';
import { setUpTestApp } from './support/test-app';
import { call, idsOf, person, relation, writeRumination, type Person } from './ruminations-support';

/**
 * Tags and mentions (api-contract.md "Habits of a shared journal"): the rumination's `tags`, the
 * `tag=` filter of the three lists, GET /api/account/tags, and who a mention tells. The parsing
 * rules themselves: tests/unit/decisions/tags-and-mentions.test.ts.
 */

const t = setUpTestApp();

async function mentions(as: Person): Promise<Notification[]> {
  const res = await call(t, 'GET', '/api/notifications', { as });
  expect(res.statusCode).toBe(200);
  return res.json<Notification[]>().filter((n) => n.kind === 'MentionedMe');
}

async function ids(as: Person | null, url: string): Promise<number[]> {
  const res = await call(t, 'GET', url, { as });
  expect(res.statusCode, res.body).toBe(200);
  return idsOf(res);
}

async function edit(as: Person, id: number, content: string, publish = true): Promise<Rumination> {
  const res = await call(t, 'PUT', `/api/ruminations/${id}`, {
    as,
    body: { content, publish, audiences: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Rumination>();
}

describe('tags', () => {
  it('are in the rumination shape: NFC, lower-cased, each once, in order', async () => {
    const me = await person(t);
    const note = await writeRumination(t, me, {
      content: 'Tea #Café and #CAFÉ, then #日本 #niños_2024; see https://x.org/#frag',
      publish: false,
    });
    expect(note.tags).toEqual(['café', '日本', 'niños_2024']);
    const read = await call(t, 'GET', `/api/ruminations/${note.id}`, { as: me });
    expect(read.json<Rumination>().tags).toEqual(['café', '日本', 'niños_2024']);
  });

  it('follow every save: an edit, and a version restored', async () => {
    const me = await person(t);
    const note = await writeRumination(t, me, { content: '#one', publish: false });
    expect((await edit(me, note.id, '#two #one', false)).tags).toEqual(['two', 'one']);
    const revisions = await call(t, 'GET', `/api/ruminations/${note.id}/revisions`, { as: me });
    const first = revisions.json<{ id: number; version: number }[]>().find((r) => r.version === 1);
    const restored = await call(
      t,
      'POST',
      `/api/ruminations/${note.id}/revisions/${first!.id}/restore`,
      { as: me },
    );
    expect(restored.json<Rumination>().tags).toEqual(['one']);
  });

  it('filter My Ruminations, with isPublic and q too', async () => {
    const me = await person(t);
    const draft = await writeRumination(t, me, { content: 'rain #walk', publish: false });
    const shared = await writeRumination(t, me, { content: 'sun #Walk', audiences: [] });
    await writeRumination(t, me, { content: 'rain #other', audiences: [] });
    expect(await ids(me, '/api/ruminations/my?tag=walk')).toEqual([shared.id, draft.id]);
    expect(await ids(me, '/api/ruminations/my?tag=walk&isPublic=true')).toEqual([shared.id]);
    expect(await ids(me, '/api/ruminations/my?tag=walk&isPublic=false')).toEqual([draft.id]);
    expect(await ids(me, '/api/ruminations/my?tag=walk&q=rain')).toEqual([draft.id]);
    expect(await ids(me, `/api/ruminations/my?tag=walk&Limit=1&BeforeId=${shared.id}`)).toEqual([
      draft.id,
    ]);
    // Compared as stored: the case folded as a note's own tags are; not a tag at all: nothing.
    expect(await ids(me, '/api/ruminations/my?Tag=WALK')).toEqual([shared.id, draft.id]);
    expect(await ids(me, '/api/ruminations/my?tag=no%20such')).toEqual([]);
  });

  it('filter the feed and Public, as far as the caller may read', async () => {
    const [author, friend, stranger] = [await person(t), await person(t), await person(t)];
    await relation(t.db, author, friend, 2, 'accepted');
    const tag = `t${author.id}`;
    const forFriends = await writeRumination(t, author, {
      content: `#${tag} friends`,
      audiences: ['Friend'],
    });
    const open = await writeRumination(t, author, { content: `#${tag} all`, audiences: [] });
    await writeRumination(t, author, { content: `#${tag} draft`, publish: false });
    await writeRumination(t, author, { content: 'untagged', audiences: [] });
    expect(await ids(friend, `/api/ruminations/feed?tag=${tag}`)).toEqual([open.id, forFriends.id]);
    expect(await ids(friend, `/api/ruminations/feed?tag=${tag}&isPublic=true`)).toEqual([open.id]);
    expect(await ids(friend, `/api/ruminations/feed?tag=${tag}&UserId=${author.id}`)).toEqual([
      open.id,
      forFriends.id,
    ]);
    expect(await ids(stranger, `/api/ruminations/feed?tag=${tag}`)).toEqual([]);
    expect(await ids(null, `/api/ruminations/public?tag=${tag}`)).toEqual([open.id]);
    expect(await ids(friend, `/api/ruminations/public?tag=${tag}&UserId=${author.id}`)).toEqual([
      open.id,
      forFriends.id,
    ]);
    expect(
      await ids(stranger, `/api/ruminations/public?tag=${tag}&UserId=${author.id}&isPublic=false`),
    ).toEqual([open.id]);
  });

  it('are counted per account, drafts included, the trash not, most used first', async () => {
    const me = await person(t);
    await writeRumination(t, me, { content: '#b #a', publish: false });
    await writeRumination(t, me, { content: '#a #c', audiences: [] });
    const trashed = await writeRumination(t, me, { content: '#c #d', audiences: [] });
    expect((await call(t, 'DELETE', `/api/ruminations/${trashed.id}`, { as: me })).statusCode).toBe(
      204,
    );
    await writeRumination(t, await person(t), { content: '#z #z', audiences: [] });
    const res = await call(t, 'GET', '/api/account/tags', { as: me });
    expect(res.statusCode).toBe(200);
    expect(res.json<TagCount[]>()).toEqual([
      { tag: 'a', count: 2 },
      { tag: 'b', count: 1 },
      { tag: 'c', count: 1 },
    ]);
    expect((await call(t, 'GET', '/api/account/tags')).statusCode).toBe(401);
    // Erased for good, its tags go with it.
    await call(t, 'DELETE', `/api/ruminations/${trashed.id}/permanent`, { as: me });
    const left = await t.db
      .selectFrom('rumination_tags')
      .select('tag')
      .where('rumination_id', '=', trashed.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('go with an erased account, as do the mentions it was told of', async () => {
    const [leaving, other] = [await person(t), await person(t)];
    const note = await writeRumination(t, leaving, { content: `#gone @${other.username}` });
    await writeRumination(t, other, { content: `hi @${leaving.username}`, audiences: [] });
    await t.db.transaction().execute((trx) => eraseAccount(trx, leaving.id));
    const tags = await t.db
      .selectFrom('rumination_tags')
      .select('tag')
      .where('rumination_id', '=', note.id)
      .execute();
    expect(tags).toEqual([]);
    const told = await t.db
      .selectFrom('mention_notified')
      .select('user_id')
      .where((eb) => eb.or([eb('user_id', '=', leaving.id), eb('rumination_id', '=', note.id)]))
      .execute();
    expect(told).toEqual([]);
  });

  it('are in the JSON export', async () => {
    const me = await person(t);
    await writeRumination(t, me, { content: '#exported', publish: false });
    const res = await call(t, 'GET', '/api/account/export?format=json', { as: me });
    expect(res.json<{ ruminations: Rumination[] }>().ruminations[0]!.tags).toEqual(['exported']);
  });
});

describe('mentions', () => {
  it('in a comment tell the mentioned reader once, with the comment', async () => {
    const [author, commenter, mentioned] = [await person(t), await person(t), await person(t)];
    const note = await writeRumination(t, author, { audiences: [] });
    const res = await call(t, 'POST', '/api/comments', {
      as: commenter,
      body: { ruminationId: note.id, content: `@${mentioned.username.toUpperCase()} look!` },
    });
    expect(res.statusCode).toBe(201);
    const comment = res.json<{ id: number }>();
    const told = await mentions(mentioned);
    expect(told).toMatchObject([
      { kind: 'MentionedMe', ruminationId: note.id, commentId: comment.id },
    ]);
    expect(told[0]!.actor.id).toBe(commenter.id);
    // The same mention again in an edit tells nobody twice; a new name is told.
    const newcomer = await person(t);
    await call(t, 'PUT', `/api/comments/${comment.id}`, {
      as: commenter,
      body: { id: comment.id, content: `@${mentioned.username} and @${newcomer.username}` },
    });
    expect(await mentions(mentioned)).toHaveLength(1);
    expect(await mentions(newcomer)).toHaveLength(1);
  });

  it('tell the author mentioned in a comment on their note once, of the mention', async () => {
    const [author, commenter] = [await person(t), await person(t)];
    const note = await writeRumination(t, author, { audiences: [] });
    await call(t, 'POST', '/api/comments', {
      as: commenter,
      body: { ruminationId: note.id, content: `thanks @${author.username}` },
    });
    const res = await call(t, 'GET', '/api/notifications', { as: author });
    expect(res.json<Notification[]>().map((n) => n.kind)).toEqual(['MentionedMe']);
  });

  it('in a draft tell nobody until it is published; an edit tells only the new names', async () => {
    const [author, first, second] = [await person(t), await person(t), await person(t)];
    const note = await writeRumination(t, author, {
      content: `dear @${first.username}`,
      publish: false,
    });
    expect(await mentions(first)).toEqual([]);
    await edit(author, note.id, `dear @${first.username}`);
    expect(await mentions(first)).toMatchObject([{ ruminationId: note.id, commentId: null }]);
    await edit(author, note.id, `dear @${first.username} and @${second.username}`);
    expect(await mentions(first)).toHaveLength(1);
    expect(await mentions(second)).toHaveLength(1);
  });

  it('tell nothing to someone who may not read the note, nor to the writer', async () => {
    const [author, friend, outsider] = [await person(t), await person(t), await person(t)];
    await relation(t.db, author, friend, 2, 'accepted');
    const note = await writeRumination(t, author, {
      content: `@${friend.username} @${outsider.username} @${author.username}`,
      audiences: ['Friend'],
    });
    expect(await mentions(friend)).toHaveLength(1);
    const res = await call(t, 'GET', '/api/notifications', { as: outsider });
    expect(res.json<Notification[]>()).toEqual([]);
    expect(
      (await call(t, 'GET', '/api/notifications/unread-count', { as: outsider })).json(),
    ).toEqual({ count: 0 });
    expect(await mentions(author)).toEqual([]);
    // Still nothing to read for them.
    expect((await call(t, 'GET', `/api/ruminations/${note.id}`, { as: outsider })).statusCode).toBe(
      404,
    );
  });
});
