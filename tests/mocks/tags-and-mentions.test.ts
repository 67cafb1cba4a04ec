import { describe, expect, it } from 'vitest';
import { api, setupMockBackend, type Json } from './mock-backend';
import { people, relate, type StorePerson } from '../support/store-people';

/**
 * Tags and mentions in the mock backend (api-contract.md "Habits of a shared journal"), through the
 * same domain rules as the server (tests/server/tags-and-mentions.test.ts).
 */

setupMockBackend();

const FRIEND = 2;

async function write(who: StorePerson, content: string, extra: object = {}): Promise<Json> {
  const res = await api('POST', '/api/ruminations', {
    token: who.token,
    body: { content, publish: true, audiences: [], ...extra },
  });
  expect(res.status).toBe(201);
  return res.json;
}

async function ids(who: StorePerson | null, path: string): Promise<number[]> {
  const res = await api('GET', path, { token: who?.token ?? null });
  expect(res.status).toBe(200);
  return (res.json as { id: number }[]).map((r) => r.id);
}

async function mentions(who: StorePerson): Promise<Json[]> {
  const res = await api('GET', '/api/notifications', { token: who.token });
  return (res.json as Json[]).filter((n) => n.kind === 'MentionedMe');
}

describe('tags', () => {
  it('are in the shape and filter all three lists, q included', async () => {
    const { alice, bob } = people();
    relate(alice, bob, FRIEND);
    const draft = await write(alice, 'rain #Walk', { publish: false });
    const friends = await write(alice, 'sun #walk', { audiences: ['Friend'] });
    const open = await write(alice, 'rain #walk #Café #CAFÉ');
    expect(open.tags).toEqual(['walk', 'café']);
    expect(await ids(alice, '/api/ruminations/my?tag=walk')).toEqual([
      open.id,
      friends.id,
      draft.id,
    ]);
    expect(await ids(alice, '/api/ruminations/my?tag=walk&q=rain')).toEqual([open.id, draft.id]);
    expect(await ids(bob, '/api/ruminations/feed?tag=walk')).toEqual([open.id, friends.id]);
    expect(await ids(null, '/api/ruminations/public?tag=WALK')).toEqual([open.id]);
    expect(await ids(null, '/api/ruminations/public?tag=no%20tag')).toEqual([]);
  });

  it('are counted per account, drafts included, most used first', async () => {
    const { alice } = people();
    await write(alice, '#b #a', { publish: false });
    await write(alice, '#a #c');
    const res = await api('GET', '/api/account/tags', { token: alice.token });
    expect(res.json).toEqual([
      { tag: 'a', count: 2 },
      { tag: 'b', count: 1 },
      { tag: 'c', count: 1 },
    ]);
  });
});

describe('mentions', () => {
  it('in a comment tell the reader once; an edit tells only new names', async () => {
    const { alice, bob, carol } = people();
    const note = await write(alice, 'a public note');
    const res = await api('POST', '/api/comments', {
      token: carol.token,
      body: { ruminationId: note.id, content: '@Bob look' },
    });
    expect(res.status).toBe(201);
    expect(await mentions(bob)).toMatchObject([
      { ruminationId: note.id, commentId: res.json.id, actor: { id: carol.user.id } },
    ]);
    await api('PUT', `/api/comments/${res.json.id}`, {
      token: carol.token,
      body: { id: res.json.id, content: '@bob, again' },
    });
    expect(await mentions(bob)).toHaveLength(1);
    // The author mentioned in a comment is told of the mention alone, not also of the comment.
    await api('POST', '/api/comments', {
      token: carol.token,
      body: { ruminationId: note.id, content: 'thanks @alice' },
    });
    const all = await api('GET', '/api/notifications', { token: alice.token });
    expect((all.json as Json[]).map((n) => n.kind)).toEqual([
      'MentionedMe',
      'CommentOnMyRumination',
    ]);
  });

  it('tell nothing to one who may not read the note; a draft tells nobody until published', async () => {
    const { alice, bob, carol } = people();
    relate(alice, bob, FRIEND);
    const note = await write(alice, '@bob @carol', { publish: false, audiences: ['Friend'] });
    expect(await mentions(bob)).toEqual([]);
    await api('PUT', `/api/ruminations/${note.id}`, {
      token: alice.token,
      body: { content: '@bob @carol', publish: true, audiences: ['Friend'] },
    });
    expect(await mentions(bob)).toHaveLength(1);
    const carolSees = await api('GET', '/api/notifications', { token: carol.token });
    expect(carolSees.json).toEqual([]);
  });
});
