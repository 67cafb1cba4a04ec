import { describe, expect, it } from 'vitest';
import { comment as commentSchema } from '../../src/api/comment-schemas';
import { createRumination } from '../../mocks/store/factories';
import { api, setupMockBackend } from './mock-backend';
import { commentBy, people } from '../support/store-people';

/**
 * Versions and If-Match on comments (api-contract.md "Your writing is never lost": Versions,
 * Preconditions): an edit and a (soft) delete give the comment its next version.
 */

setupMockBackend();

function arrange() {
  const { alice, bob } = people();
  const rumination = createRumination({ authorId: alice.user.id });
  return { alice, bob, rumination };
}

const editOf = (id: number, content: string) => ({ id, content });

describe('versions of a comment', () => {
  it('starts at 1 and an edit gives the next version', async () => {
    const { bob, rumination } = arrange();
    const created = await api('POST', '/api/comments', {
      token: bob.token,
      body: { content: 'First', ruminationId: rumination.id },
    });
    expect(commentSchema.parse(created.json).version).toBe(1);
    const id = created.json.id as number;

    const edited = await api('PUT', `/api/comments/${id}`, {
      token: bob.token,
      body: editOf(id, 'Second'),
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ content: 'Second', version: 2 });
    const thread = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(thread.json[0]).toMatchObject({ id, version: 2 });
  });

  it('gives a deleted comment its next version too', async () => {
    const { alice, bob, rumination } = arrange();
    const c = commentBy(bob, rumination.id);
    // The rumination's author moderates it, based on the version they saw.
    const deleted = await api('DELETE', `/api/comments/${c.id}`, {
      token: alice.token,
      headers: { 'If-Match': '"1"' },
    });
    expect(deleted.status).toBe(204);
    const thread = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(thread.json[0]).toMatchObject({ id: c.id, isDeleted: true, content: '', version: 2 });
  });
});

describe('If-Match on comments', () => {
  it('applies an edit based on the current version', async () => {
    const { bob, rumination } = arrange();
    const c = commentBy(bob, rumination.id);
    const edited = await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: editOf(c.id, 'On version 1'),
      headers: { 'If-Match': '"1"' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.version).toBe(2);
  });

  it('refuses an edit based on an older version with 412 and the comment as it is now', async () => {
    const { bob, rumination } = arrange();
    const c = commentBy(bob, rumination.id, { content: 'Original' });
    await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: editOf(c.id, 'From the laptop'),
    });
    const stale = await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: editOf(c.id, 'From the phone'),
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(stale.json.title).toBe('This was changed elsewhere');
    expect(commentSchema.parse(stale.json.current)).toMatchObject({
      id: c.id,
      content: 'From the laptop',
      version: 2,
    });
    const thread = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(thread.json[0].content).toBe('From the laptop');
  });

  it('refuses a delete based on an older version with 412 and current, deleting nothing', async () => {
    const { bob, rumination } = arrange();
    const c = commentBy(bob, rumination.id);
    await api('PUT', `/api/comments/${c.id}`, { token: bob.token, body: editOf(c.id, 'Edited') });
    const stale = await api('DELETE', `/api/comments/${c.id}`, {
      token: bob.token,
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(stale.json.current).toMatchObject({ id: c.id, content: 'Edited', isDeleted: false });
    const thread = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(thread.json[0].isDeleted).toBe(false);

    // Once deleted, a change is 409 whatever version it names.
    await api('DELETE', `/api/comments/${c.id}`, { token: bob.token });
    const late = await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: editOf(c.id, 'Too late'),
      headers: { 'If-Match': '"1"' },
    });
    expect(late.status).toBe(409);
  });

  it('answers 400 to a malformed If-Match, and * applies whatever the version', async () => {
    const { bob, rumination } = arrange();
    const c = commentBy(bob, rumination.id, { content: 'Kept' });
    const bad = await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: editOf(c.id, 'Not applied'),
      headers: { 'If-Match': 'v1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.title).toBe('The If-Match header is malformed');
    const badDelete = await api('DELETE', `/api/comments/${c.id}`, {
      token: bob.token,
      headers: { 'If-Match': '"01"' },
    });
    expect(badDelete.status).toBe(400);
    const thread = await api('GET', `/api/comments/rumination/${rumination.id}`);
    expect(thread.json[0]).toMatchObject({ content: 'Kept', isDeleted: false, version: 1 });

    const star = await api('PUT', `/api/comments/${c.id}`, {
      token: bob.token,
      body: editOf(c.id, 'Any version'),
      headers: { 'If-Match': '*' },
    });
    expect(star.json.version).toBe(2);
  });
});
