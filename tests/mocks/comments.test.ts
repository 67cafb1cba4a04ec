import { describe, expect, it } from 'vitest';
import { comment as commentSchema } from '../../src/api/comment-schemas';
import { createRumination, createUser } from '../../mocks/store/factories';
import { api, setupMockBackend, type Json } from './mock-backend';
import { commentBy } from '../support/store-people';

setupMockBackend();

function arrange() {
  const alice = createUser({ username: 'alice' });
  const bob = createUser({ username: 'bob' });
  const rumination = createRumination({ authorId: alice.user.id });
  return { alice, bob, rumination };
}

describe('the comment tree', () => {
  it('lists top-level comments oldest first, each with its whole reply tree', async () => {
    const { alice, bob, rumination } = arrange();
    const post = (token: string, body: object) => api('POST', '/api/comments', { token, body });

    const first = await post(bob.token, { content: 'First', ruminationId: rumination.id });
    expect(first.status).toBe(201);
    expect(commentSchema.parse(first.json)).toMatchObject({
      content: 'First',
      createdBy: { id: bob.user.id, username: 'bob' },
      isDeleted: false,
      ruminationId: rumination.id,
      parentCommentId: null,
      childComments: [],
    });
    const second = await post(alice.token, {
      content: 'Second',
      ruminationId: String(rumination.id),
    });
    const reply = await post(alice.token, { content: 'Reply', parentCommentId: first.json.id });
    const nested = await post(bob.token, {
      content: 'Nested',
      parentCommentId: `${reply.json.id}`,
    });
    expect(nested.json.ruminationId).toBe(rumination.id);

    const tree = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(tree.status).toBe(200);
    const list = tree.json as Json[];
    expect(list.map((c) => c.content)).toEqual(['First', 'Second']);
    expect(list[0].childComments.map((c: Json) => c.content)).toEqual(['Reply']);
    expect(list[0].childComments[0].childComments[0]).toMatchObject({
      id: nested.json.id,
      parentCommentId: reply.json.id,
    });
    expect(list[1].id).toBe(second.json.id);

    const replies = await api('GET', `/api/comments/comment/${first.json.id}/replies`);
    expect(replies.json.map((c: Json) => c.content)).toEqual(['Reply']);
    expect(replies.json[0].childComments).toHaveLength(1);
  });

  it('needs exactly one of ruminationId or parentCommentId', async () => {
    const { bob, rumination } = arrange();
    const parent = commentBy(bob, rumination.id);
    for (const body of [
      { content: 'Both', ruminationId: rumination.id, parentCommentId: parent.id },
      { content: 'Neither' },
    ]) {
      const r = await api('POST', '/api/comments', { token: bob.token, body });
      expect(r.status).toBe(400);
    }
  });

  it('refuses comments on drafts (409) and on ruminations the caller cannot see (404)', async () => {
    const { alice, bob } = arrange();
    const draft = createRumination({ authorId: alice.user.id, isPublished: false });
    const ownDraft = await api('POST', '/api/comments', {
      token: alice.token,
      body: { content: 'Hi', ruminationId: draft.id },
    });
    expect(ownDraft.status).toBe(409);
    const hidden = await api('POST', '/api/comments', {
      token: bob.token,
      body: { content: 'Hi', ruminationId: draft.id },
    });
    expect(hidden.status).toBe(404);
    expect((await api('GET', `/api/comments/rumination/${draft.id}`)).status).toBe(404);
  });

  it('hides the comments and replies of a rumination the caller cannot see', async () => {
    const { alice, bob } = arrange();
    const friendsOnly = createRumination({ authorId: alice.user.id, audiences: [2] });
    const c = commentBy(alice, friendsOnly.id);
    const asBob = { token: bob.token };
    expect((await api('GET', `/api/comments/rumination/${friendsOnly.id}`, asBob)).status).toBe(
      404,
    );
    expect((await api('GET', `/api/comments/comment/${c.id}/replies`, asBob)).status).toBe(404);
    expect((await api('GET', `/api/comments/comment/${c.id}/replies`)).status).toBe(404);
    const asAlice = await api('GET', `/api/comments/comment/${c.id}/replies`, {
      token: alice.token,
    });
    expect(asAlice.status).toBe(200);
  });

  it('lets anonymous visitors read the comments of public ruminations', async () => {
    const { alice, rumination } = arrange();
    commentBy(alice, rumination.id, { content: 'Hello' });
    const r = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(r.json.map((c: Json) => c.content)).toEqual(['Hello']);
  });
});

describe('editing and soft-deleting comments', () => {
  it('lets only the author edit, with matching ids', async () => {
    const { alice, bob, rumination } = arrange();
    const c = commentBy(bob, rumination.id);
    const byAlice = await api('PUT', `/api/comments/${c.id}`, {
      token: alice.token,
      body: { id: c.id, content: 'Hijack' },
    });
    expect(byAlice.status).toBe(403);
    const mismatch = await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: { id: c.id + 1, content: 'Edit' },
    });
    expect(mismatch.status).toBe(400);
    const ok = await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: { id: String(c.id), content: ' Edited ' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.content).toBe('Edited');
  });

  it("lets the rumination's author delete a stranger's comment, not edit it", async () => {
    const { alice, bob, rumination } = arrange();
    const c = commentBy(bob, rumination.id);
    const edit = await api('PUT', `/api/comments/${c.id}`, {
      token: alice.token,
      body: { id: c.id, content: 'Rewritten' },
    });
    expect(edit.status).toBe(403);
    expect((await api('DELETE', `/api/comments/${c.id}`, { token: alice.token })).status).toBe(204);
    const tree = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(tree.json[0]).toMatchObject({ id: c.id, isDeleted: true, content: '' });
  });

  it('soft-deletes: content erased, replies kept, no more edits, deletes or replies', async () => {
    const { alice, bob, rumination } = arrange();
    const c = commentBy(bob, rumination.id);
    commentBy(alice, rumination.id, { parentCommentId: c.id, content: 'A reply' });

    const carol = createUser({ username: 'carol' });
    expect((await api('DELETE', `/api/comments/${c.id}`, { token: carol.token })).status).toBe(403);
    expect((await api('DELETE', `/api/comments/${c.id}`, { token: bob.token })).status).toBe(204);

    const tree = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(tree.json[0]).toMatchObject({ id: c.id, isDeleted: true, content: '' });
    expect(tree.json[0].childComments[0].content).toBe('A reply');

    const again = await api('DELETE', `/api/comments/${c.id}`, { token: bob.token });
    expect(again.status).toBe(409);
    const edit = await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: { id: c.id, content: 'Back' },
    });
    expect(edit.status).toBe(409);
    const reply = await api('POST', '/api/comments', {
      token: alice.token,
      body: { content: 'Too late', parentCommentId: c.id },
    });
    expect(reply.status).toBe(409);
    expect(reply.json.title).toBe('Replies to a deleted comment are not allowed');
  });
});
