import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { accountExport } from '../../src/api/account-schemas';
import { COMMENTS_FILE_NAME, ruminationFileName } from '../../src/domain/markdown-export';
import { REACTIONS_FILE_NAME } from '../../src/domain/markdown-export-reactions';
import { ERASED_ACCOUNT_NAME } from '../../src/domain/erased-account';
import { createComment, createRumination, createUser } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { api, ORIGIN, setupMockBackend } from './mock-backend';
import { commentBy, people, relate } from '../support/store-people';

setupMockBackend();

/**
 * GET /api/account/export in the mock backend: the same answers as the server
 * (tests/server/account-export.test.ts), from the same Markdown functions.
 */

const SECRETS = ['SECRET-READABLE', 'SECRET-HIDDEN', 'SECRET-THEIRS', 'SECRET-ERASED'];
const FRIEND_NAME = 'José Núñez 🌻';

function arrange() {
  const { alice: me, bob: friend, carol: stranger } = people();
  const accepted = relate(me, friend, 2);
  const pending = relate(me, stranger, 0, 'pending');
  const rejected = relate(stranger, me, 1, 'rejected');
  const deleted = relate(friend, me, 3, 'deleted');
  relate(friend, stranger, 4);

  const readable = createRumination({
    authorId: friend.user.id,
    content: 'SECRET-READABLE for friends',
    audiences: [2],
  });
  createRumination({ authorId: friend.user.id, content: 'SECRET-HIDDEN', audiences: [3] });
  const theirs = commentBy(friend, readable.id, { content: 'SECRET-THEIRS' });

  const published = createRumination({ authorId: me.user.id, content: 'Out in the open' });
  const shared = createRumination({
    authorId: me.user.id,
    content: 'For Friend and BestFriend',
    audiences: [3, 2],
  });
  const draft = createRumination({ authorId: me.user.id, content: 'A draft', isPublished: false });
  friend.user.displayName = FRIEND_NAME;
  const friendsOnMine = commentBy(friend, published.id, { content: 'Lovely words' });
  const comments = [
    createComment({ authorId: me.user.id, ruminationId: published.id, content: 'Mine, here' }),
    commentBy(me, readable.id, { parentCommentId: theirs.id, content: 'My reply' }),
    commentBy(me, readable.id, { isDeleted: true }),
    commentBy(me, published.id, { parentCommentId: friendsOnMine.id, content: 'Thanks' }),
  ];
  const answer = commentBy(friend, published.id, {
    parentCommentId: comments[0]!.id,
    content: 'Answering',
  });
  const onShared = commentBy(friend, shared.id, { content: 'On the shared one' });
  // A comment of an account since erased: deleted, its author the tombstone.
  const leaver = createUser({ username: 'leaver' });
  const erased = commentBy(leaver, published.id, { content: 'SECRET-ERASED' });
  leaver.user.username = ERASED_ACCOUNT_NAME;
  leaver.user.displayName = ERASED_ACCOUNT_NAME;
  erased.content = '';
  erased.isDeleted = true;
  return {
    me,
    friend,
    notes: { published, shared, draft },
    comments,
    // By note, then comment.
    onMine: [friendsOnMine, answer, erased, onShared],
    relations: [accepted, pending, rejected, deleted],
  };
}

async function download(token: string | null, query: string) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(`${ORIGIN}/api/account/export${query}`, { headers });
  return {
    status: response.status,
    contentType: response.headers.get('Content-Type'),
    disposition: response.headers.get('Content-Disposition'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe('GET /api/account/export (mock backend)', () => {
  it('answers 401 without a token and 400 for a missing or unknown format', async () => {
    const { me } = arrange();
    const anonymous = await api('GET', '/api/account/export?format=json');
    expect(anonymous.status).toBe(401);
    for (const query of ['', '?format=pdf']) {
      const res = await api('GET', `/api/account/export${query}`, { token: me.token });
      expect(res.status).toBe(400);
      expect(res.contentType).toMatch(/^application\/problem\+json/);
      expect(res.json).toMatchObject({
        title: 'The query parameters are invalid',
        errors: { format: [expect.any(String)] },
      });
    }
  });

  it('gives the JSON document of the contract with everything of the caller’s', async () => {
    const { me, friend, notes, comments, onMine, relations } = arrange();
    const res = await download(me.token, '?Format=json');
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/json; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.disposition).toBe(`attachment; filename="ruminations-alice-${day}.json"`);
    const raw = strFromU8(res.bytes);
    const data = accountExport.parse(JSON.parse(raw));
    expect(data.account).toMatchObject({ id: me.user.id, username: 'alice' });
    expect(data.ruminations.map((r) => r.id)).toEqual([
      notes.draft.id,
      notes.shared.id,
      notes.published.id,
    ]);
    expect(data.ruminations[2]?.commentCount).toBe(4);
    expect(data.comments.map((c) => c.id)).toEqual(comments.map((c) => c.id));
    expect(data.comments[2]).toMatchObject({ isDeleted: true, content: '' });
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'account',
      'ruminations',
      'revisions',
      'comments',
      'commentsOnMyRuminations',
      'reactionsGiven',
      'reactionsReceived',
      'relations',
      'termsAcceptances',
    ]);
    expect(data.commentsOnMyRuminations.map((c) => c.id)).toEqual(onMine.map((c) => c.id));
    expect(data.commentsOnMyRuminations[0]).toMatchObject({
      content: 'Lovely words',
      createdBy: { id: friend.user.id, username: 'bob', displayName: FRIEND_NAME },
      isDeleted: false,
      parentCommentId: null,
    });
    expect(data.commentsOnMyRuminations[2]).toMatchObject({
      createdBy: { displayName: ERASED_ACCOUNT_NAME },
      isDeleted: true,
      content: '',
    });
    expect(data.relations.map((r) => r.id)).toEqual(relations.map((r) => r.id));
    expect(data.termsAcceptances).toEqual([{ version: '1.0', acceptedAt: expect.any(String) }]);
    for (const words of SECRETS) expect(raw).not.toContain(words);
  });

  it('gives a zip of one Markdown file per own rumination and comments.md', async () => {
    const { me, notes, comments, onMine } = arrange();
    const res = await download(me.token, '?format=markdown');
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/zip');
    expect(res.disposition).toMatch(/^attachment; filename="ruminations-alice-[\d-]{10}\.zip"$/);
    const files = Object.fromEntries(
      Object.entries(unzipSync(res.bytes)).map(([name, data]) => [name, strFromU8(data)]),
    );
    const own = [notes.published, notes.shared, notes.draft];
    expect(Object.keys(files).sort()).toEqual(
      [COMMENTS_FILE_NAME, REACTIONS_FILE_NAME, ...own.map((r) => ruminationFileName(r))].sort(),
    );
    expect(files[ruminationFileName(notes.shared)]).toBe(
      [
        '---',
        `id: ${notes.shared.id}`,
        `created: ${notes.shared.createTMS}`,
        `updated: ${notes.shared.updateTMS}`,
        'published: true',
        'audiences: [Friend, BestFriend]',
        '---',
        '',
        'For Friend and BestFriend',
        '',
      ].join('\n'),
    );
    expect(files[ruminationFileName(notes.draft)]).toContain('\npublished: false\n');
    const commentsMd = files[COMMENTS_FILE_NAME] ?? '';
    for (const c of comments) expect(commentsMd).toContain(`\n## Comment ${c.id}`);
    expect(commentsMd).toContain(`## Comment ${comments[2]?.id} (deleted)`);
    const [mineMd, onMineMd] = commentsMd.split('\n# Comments on my ruminations\n');
    for (const c of comments)
      expect(mineMd).toMatch(new RegExp(`\\n## Comment ${c.id}( \\(deleted\\))?\\n`));
    const sections = (onMineMd ?? '').split('\n## Comment ').slice(1);
    expect(sections.map((text) => Number.parseInt(text, 10))).toEqual(onMine.map((c) => c.id));
    expect(sections[0]).toContain(`- By: ${FRIEND_NAME} (@bob)\n`);
    expect(sections[2]).toContain(`- By: ${ERASED_ACCOUNT_NAME}\n`);
    // Every reply points at a section of the file, but mine to Bob on Bob's note, which says so.
    const held = new Set([...commentsMd.matchAll(/\n## Comment (\d+)/g)].map((m) => Number(m[1])));
    const replies = [...commentsMd.matchAll(/\n- In reply to: comment (\d+)(.*)\n/g)];
    expect(replies.map((m) => [Number(m[1]), m[2]])).toEqual([
      [comments[1]?.parentCommentId, " (not mine, on someone else's rumination: not in this file)"],
      [onMine[0]?.id, ''],
      [comments[0]?.id, ''],
    ]);
    for (const [, parent, rest] of replies) if (rest === '') expect(held).toContain(Number(parent));
    for (const text of Object.values(files)) {
      for (const words of SECRETS) expect(text).not.toContain(words);
    }
    // The store is untouched by an export.
    expect(getDb().ruminations).toHaveLength(5);
    expect(getDb().comments.find((c) => c.id === onMine[0]?.id)?.content).toBe('Lovely words');
  });
});
