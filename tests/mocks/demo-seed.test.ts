import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../../src/api/demo-backend';
import { demoSeed } from '../../mocks/seed';
import { resetMockBackend } from '../../mocks/store/db';
import { api, setupMockBackend, type Json } from './mock-backend';

setupMockBackend();

async function signIn(username: string): Promise<string> {
  const r = await api('POST', '/api/auth/login', {
    body: { username, password: DEMO_PASSWORD },
  });
  expect(r.status).toBe(200);
  expect(r.json.requiresTosAcceptance).toBe(false);
  return r.json.accessToken as string;
}

const contents = (list: Json[]) => list.map((r: Json) => r.content as string);

describe('the demo seed', () => {
  it('lets every demo person sign in with the shared password, each seeing a different feed', async () => {
    resetMockBackend(demoSeed);
    const feeds = new Set<string>();
    for (const person of DEMO_PEOPLE) {
      const token = await signIn(person.username);
      const feed = await api('GET', '/api/ruminations/feed', { token });
      feeds.add(JSON.stringify(contents(feed.json)));
    }
    expect(feeds.size).toBe(DEMO_PEOPLE.length);
  });

  it("shows Maya's therapist note to her therapist only, and her draft to nobody else", async () => {
    resetMockBackend(demoSeed);
    const rivera = await api('GET', '/api/ruminations/feed', { token: await signIn('dr_rivera') });
    const leo = await api('GET', '/api/ruminations/feed', { token: await signIn('leo') });
    expect(contents(rivera.json).some((c) => c.startsWith('Notes for Thursday'))).toBe(true);
    expect(contents(leo.json).some((c) => c.startsWith('Notes for Thursday'))).toBe(false);

    const maya = await signIn('maya');
    const drafts = await api('GET', '/api/ruminations/my?isPublic=false', { token: maya });
    expect(drafts.json).toHaveLength(1);
  });

  it('gives Maya pending requests to answer and a comment thread with a deleted comment', async () => {
    resetMockBackend(demoSeed);
    const maya = await signIn('maya');
    const me = await api('GET', '/api/auth/me', { token: maya });
    const relations = await api('GET', '/api/UserRelations', { token: maya });
    const incomingPending = (relations.json as Json[]).filter(
      (r) => r.receiver.id === me.json.id && !r.isAccepted && !r.isRejected,
    );
    expect(incomingPending.length).toBeGreaterThanOrEqual(1);

    const publicList = await api('GET', '/api/ruminations/public');
    const run = (publicList.json as Json[]).find((r) => r.content.startsWith('First morning run'));
    const thread = await api('GET', `/api/comments/rumination/${run.id}`);
    expect(thread.json.some((c: Json) => c.isDeleted && c.content === '')).toBe(true);
    expect(thread.json[0].childComments[0].childComments).toHaveLength(1);
  });

  it('gives every demo person a recognisable display name and a bio, keeping their usernames', async () => {
    resetMockBackend(demoSeed);
    const maya = await signIn('maya');
    const names = new Map<string, string>();
    for (const person of DEMO_PEOPLE) {
      const me = await api('GET', '/api/auth/me', { token: await signIn(person.username) });
      expect(me.json.username).toBe(person.username);
      expect(me.json.displayName).not.toBe(person.username);
      const profile = await api('GET', `/api/users/${me.json.id}`);
      expect(profile.json.bio).not.toBe('');
      names.set(person.username, me.json.displayName as string);
    }
    expect(names.get('leo')).toBe('Leo Martín');
    expect(names.get('nora')).toBe('Nora 🌻');
    const found = await api('GET', '/api/users/search?q=martin', { token: maya });
    expect(found.json.map((u: Json) => u.username)).toEqual(['leo']);
  });

  it('shows visitors a note with a GitHub-flavoured table and task list, and one with Arabic', async () => {
    resetMockBackend(demoSeed);
    const publicNotes = contents((await api('GET', '/api/ruminations/public')).json);
    const gfm = publicNotes.find((c) => c.includes('| --- |'));
    expect(gfm).toContain('- [x] ');
    expect(gfm).toContain('- [ ] ');
    expect(publicNotes.some((c) => /\p{Script=Arabic}/u.test(c))).toBe(true);
  });

  it("gives Maya's note about calling Nora two earlier versions, and nobody anything in the trash", async () => {
    resetMockBackend(demoSeed);
    const maya = await signIn('maya');
    const mine = await api('GET', '/api/ruminations/my?q=calling%20Nora', { token: maya });
    expect(contents(mine.json)).toEqual([
      'Thinking about calling Nora this weekend. It has been too long.',
    ]);
    const note = mine.json[0];
    expect(note.version).toBe(3);
    expect(note.updateTMS).not.toBe(note.createTMS);
    const history = await api('GET', `/api/ruminations/${note.id}/revisions`, { token: maya });
    expect(history.json.map((v: Json) => [v.version, v.isPublished])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(history.json[0].content).toBe('Thinking about calling Nora. Maybe next month.');
    expect(history.json[0].savedTMS < note.updateTMS).toBe(true);

    for (const person of DEMO_PEOPLE) {
      const token = await signIn(person.username);
      expect((await api('GET', '/api/ruminations/trash', { token })).json).toEqual([]);
    }
  });
});

describe('the demo seed’s reactions', () => {
  it('shows visitors the counts, and Maya her own reaction, only on notes their givers may read', async () => {
    resetMockBackend(demoSeed);
    const publicList = (await api('GET', '/api/ruminations/public')).json as Json[];
    const run = publicList.find((r) => r.content.startsWith('First morning run'));
    expect(run.reactions).toEqual([
      { kind: 'love', count: 2, mine: false },
      { kind: 'hug', count: 1, mine: false },
    ]);
    const maya = await signIn('maya');
    const bread = (
      (await api('GET', '/api/ruminations/public', { token: maya })).json as Json[]
    ).find((r) => r.content.startsWith('Bread attempt'));
    expect(bread.reactions).toEqual([{ kind: 'laugh', count: 2, mine: true }]);
    // Who reacted, by name.
    const who = await api('GET', `/api/ruminations/${run.id}/reactions`, { token: maya });
    expect((who.json as Json[]).map((x) => x.user.username).sort()).toEqual(['leo', 'nora', 'sam']);
  });
});
