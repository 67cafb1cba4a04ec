import { describe, expect, it } from 'vitest';
import { rumination as ruminationSchema } from '../../src/api/rumination-schemas';
import { problemDetails } from '../../src/api/common';
import { createComment, createRumination, createUser } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { api, setupMockBackend, type Json } from './mock-backend';

setupMockBackend();

const ids = (list: Json[]) => list.map((r: Json) => r.id as number);

describe('paging of rumination lists', () => {
  it('pages newest first with Limit (default 20) and BeforeId until a short page', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const created = Array.from({ length: 45 }, () => createRumination({ authorId: user.id }));
    const newestFirst = created.map((r) => r.id).reverse();

    const first = await api('GET', '/api/ruminations/my', { token });
    expect(ids(first.json)).toEqual(newestFirst.slice(0, 20));

    const second = await api('GET', `/api/ruminations/my?BeforeId=${newestFirst[19]}`, { token });
    expect(ids(second.json)).toEqual(newestFirst.slice(20, 40));

    const last = await api('GET', `/api/ruminations/my?BeforeId=${newestFirst[39]}&Limit=20`, {
      token,
    });
    expect(ids(last.json)).toEqual(newestFirst.slice(40));

    const big = await api('GET', '/api/ruminations/public?Limit=100');
    expect(big.json).toHaveLength(45);
  });

  it('refuses a Limit over 100 or under 1 with a 400 problem', async () => {
    for (const limit of ['101', '0', 'ten']) {
      const r = await api('GET', `/api/ruminations/public?Limit=${limit}`);
      expect(r.status).toBe(400);
      expect(r.contentType).toContain('application/problem+json');
      expect(problemDetails.parse(r.json).title).toBe('The query parameters are invalid');
    }
  });

  it('matches query parameter names ignoring case', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const { user: bob } = createUser({ username: 'bob' });
    const published = createRumination({ authorId: user.id });
    const draft = createRumination({ authorId: user.id, isPublished: false });
    createRumination({ authorId: bob.id });

    for (const name of ['isPublic', 'IsPublic', 'ISPUBLIC']) {
      const r = await api('GET', `/api/ruminations/my?${name}=false`, { token });
      expect(ids(r.json)).toEqual([draft.id]);
    }
    for (const name of ['UserId', 'userId', 'userid']) {
      const r = await api('GET', `/api/ruminations/public?${name}=${user.id}&ispublic=TRUE`);
      expect(ids(r.json)).toEqual([published.id]);
    }
    const limited = await api('GET', '/api/ruminations/public?limit=1&beforeid=999999');
    expect(limited.json).toHaveLength(1);
  });
});

describe('writing ruminations', () => {
  it('creates a draft or a published rumination in the contract shape, audiences as numbers', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const created = await api('POST', '/api/ruminations', {
      token,
      body: { content: '  A thought  ', audiences: ['BestFriend', 5, 'BestFriend'], publish: true },
    });
    expect(created.status).toBe(201);
    const body = ruminationSchema.parse(created.json);
    expect(body).toMatchObject({
      content: 'A thought',
      createdBy: { id: user.id, username: 'alice' },
      isPublished: true,
      audiences: [{ relationType: 3 }, { relationType: 5 }],
    });

    const draft = await api('POST', '/api/ruminations', {
      token,
      body: { content: 'Later', publish: false },
    });
    expect(draft.json.isPublished).toBe(false);
    expect(draft.json.audiences).toEqual([]);
  });

  it('refuses blank content, a missing token, and unknown audiences', async () => {
    const { token } = createUser({ username: 'alice' });
    const blank = await api('POST', '/api/ruminations', {
      token,
      body: { content: '   ', publish: true },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.errors.content).toBeDefined();

    const anonymous = await api('POST', '/api/ruminations', {
      body: { content: 'Hi', publish: true },
    });
    expect(anonymous.status).toBe(401);

    const badAudience = await api('POST', '/api/ruminations', {
      token,
      body: { content: 'Hi', audiences: ['Stranger'], publish: true },
    });
    expect(badAudience.status).toBe(400);
  });

  it('answers 401 to a token that is not (or no longer) valid, even on public reads', async () => {
    const r = await api('GET', '/api/ruminations/public', { token: 'mock-token-9-forged' });
    expect(r.status).toBe(401);
    expect(r.json.title).toBe('The access token is invalid or has expired');
  });

  it('lets only the author update: 404 to who cannot see it, 403 to who can', async () => {
    const { user: alice, token: aliceToken } = createUser({ username: 'alice' });
    const { token: bobToken } = createUser({ username: 'bob' });
    const publicOne = createRumination({ authorId: alice.id });
    const hidden = createRumination({ authorId: alice.id, audiences: [2] });
    const body = { content: 'Changed', audiences: ['Family'], publish: false };

    expect(
      (await api('PUT', `/api/ruminations/${publicOne.id}`, { token: bobToken, body })).status,
    ).toBe(403);
    expect(
      (await api('PUT', `/api/ruminations/${hidden.id}`, { token: bobToken, body })).status,
    ).toBe(404);
    expect((await api('PUT', '/api/ruminations/999999', { token: aliceToken, body })).status).toBe(
      404,
    );

    const ok = await api('PUT', `/api/ruminations/${publicOne.id}`, { token: aliceToken, body });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      id: publicOne.id,
      content: 'Changed',
      isPublished: false,
      audiences: [{ relationType: 1 }],
    });
    // Now a draft: gone from the public page.
    const publicPage = await api('GET', '/api/ruminations/public');
    expect(ids(publicPage.json)).not.toContain(publicOne.id);
  });

  it('moves to the trash, author only: gone from sight with its comments, which stay stored', async () => {
    const { user: alice, token: aliceToken } = createUser({ username: 'alice' });
    const { token: bobToken } = createUser({ username: 'bob' });
    const r = createRumination({ authorId: alice.id });
    createComment({ authorId: alice.id, ruminationId: r.id });

    expect((await api('DELETE', `/api/ruminations/${r.id}`, { token: bobToken })).status).toBe(403);
    const deleted = await api('DELETE', `/api/ruminations/${r.id}`, { token: aliceToken });
    expect(deleted.status).toBe(204);
    expect((await api('GET', `/api/ruminations/${r.id}`)).status).toBe(404);
    expect((await api('GET', `/api/comments/rumination/${r.id}`)).status).toBe(404);
    // Kept for a restore (tests/mocks/rumination-trash.test.ts).
    expect(getDb().comments).toHaveLength(1);
  });

  it('accepts ids as digit strings and refuses other ids with 400', async () => {
    const { user } = createUser({ username: 'alice' });
    const r = createRumination({ authorId: user.id });
    expect((await api('GET', `/api/ruminations/${r.id}`)).status).toBe(200);
    const bad = await api('GET', '/api/ruminations/abc');
    expect(bad.status).toBe(400);
    expect(bad.json.title).toBe('The path parameters are invalid');
  });

  it('refuses bodies over 64 KiB with 413 and malformed JSON with 400', async () => {
    const { token } = createUser({ username: 'alice' });
    const huge = await api('POST', '/api/ruminations', {
      token,
      body: { content: 'x'.repeat(70 * 1024), publish: true },
    });
    expect(huge.status).toBe(413);
    const malformed = await api('POST', '/api/ruminations', { token, rawBody: '{"content":' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.title).toBe('The request body is not valid JSON');
  });
});

describe('GET /api/users/{id}', () => {
  it('shows name and public count, and 404 for unknown or inactive users', async () => {
    const { user } = createUser({ username: 'alice' });
    const { user: inactive } = createUser({ username: 'sleeper', isActive: false });
    createRumination({ authorId: user.id });
    createRumination({ authorId: user.id, audiences: [2] });
    createRumination({ authorId: user.id, isPublished: false });

    const profile = await api('GET', `/api/users/${user.id}`);
    expect(profile.json).toEqual({
      id: user.id,
      username: 'alice',
      displayName: 'alice',
      bio: '',
      createTMS: user.createTMS,
      publicRuminationCount: 1,
    });
    expect((await api('GET', `/api/users/${inactive.id}`)).status).toBe(404);
    expect((await api('GET', '/api/users/424242')).status).toBe(404);
  });
});

describe('commentCount', () => {
  it('counts comments and replies that are not deleted, in lists and on one rumination', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const counted = createRumination({ authorId: user.id });
    const quiet = createRumination({ authorId: user.id });
    const first = createComment({ authorId: user.id, ruminationId: counted.id });
    createComment({ authorId: user.id, ruminationId: counted.id, parentCommentId: first.id });
    createComment({ authorId: user.id, ruminationId: counted.id, isDeleted: true });

    const counts = (list: Json[]) => new Map(list.map((r: Json) => [r.id, r.commentCount]));
    for (const path of ['/api/ruminations/my', '/api/ruminations/public']) {
      const listed = counts((await api('GET', path, { token })).json);
      expect(listed.get(counted.id), path).toBe(2);
      expect(listed.get(quiet.id), path).toBe(0);
    }
    expect((await api('GET', `/api/ruminations/${counted.id}`)).json.commentCount).toBe(2);
  });
});
