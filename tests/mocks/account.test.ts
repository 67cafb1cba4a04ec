import { describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_WRONG,
  NEW_PASSWORD_SAME,
  DELETE_PASSWORD_WRONG,
  ERASED_ACCOUNT_NAME,
} from '../../src/api/account-schemas';
import { createRumination, createUser, DEFAULT_TEST_PASSWORD } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { api, setupMockBackend, type Json } from './mock-backend';
import { commentBy, relate } from '../support/store-people';

setupMockBackend();

/** The mock's /api/account answers as the server's (tests/server/account.test.ts). */

describe('/api/account in the mock backend', () => {
  it('shows the account, and answers 401 without a token', async () => {
    const { user, token } = createUser({ username: 'maya', email: 'maya@example.com' });
    const res = await api('GET', '/api/account', { token });
    expect(res.json).toEqual({
      id: user.id,
      username: 'maya',
      displayName: 'maya',
      email: 'maya@example.com',
      createTMS: user.createTMS,
    });
    expect((await api('GET', '/api/account')).status).toBe(401);
  });

  it('changes the password: wrong current one on its field, then a new token and others revoked', async () => {
    const { token } = createUser({ username: 'maya' });
    const other = (
      await api('POST', '/api/auth/login', {
        body: { username: 'maya', password: DEFAULT_TEST_PASSWORD },
      })
    ).json as Json;
    const body = { newPassword: 'a brand new phrase', confirmPassword: 'a brand new phrase' };
    const wrong = await api('PUT', '/api/account/password', {
      token,
      body: { ...body, currentPassword: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ currentPassword: [CURRENT_PASSWORD_WRONG] });
    const common = await api('PUT', '/api/account/password', {
      token,
      body: {
        currentPassword: DEFAULT_TEST_PASSWORD,
        newPassword: 'qwerty123',
        confirmPassword: 'qwerty123',
      },
    });
    expect(common.json.errors).toEqual({ newPassword: ['Password is too common'] });
    const same = await api('PUT', '/api/account/password', {
      token,
      body: {
        currentPassword: DEFAULT_TEST_PASSWORD,
        newPassword: DEFAULT_TEST_PASSWORD,
        confirmPassword: DEFAULT_TEST_PASSWORD,
      },
    });
    expect(same.status).toBe(400);
    expect(same.json.errors).toEqual({ newPassword: [NEW_PASSWORD_SAME] });

    const ok = await api('PUT', '/api/account/password', {
      token,
      body: { ...body, currentPassword: DEFAULT_TEST_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token: ok.json.accessToken })).status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: other.accessToken })).status).toBe(401);
  });

  it('signs out everywhere (204), this token included', async () => {
    const { token } = createUser({ username: 'maya' });
    expect((await api('POST', '/api/account/sign-out-everywhere', { token })).status).toBe(204);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('deletes the account as the server does', async () => {
    const leaver = createUser({ username: 'leaver', email: 'leaver@example.com' });
    const friend = createUser({ username: 'friend' });
    relate(leaver, friend, 2);
    const own = createRumination({ authorId: leaver.user.id, audiences: [2] });
    commentBy(friend, own.id);
    const friendsNote = createRumination({ authorId: friend.user.id });
    const theirs = commentBy(leaver, friendsNote.id, { content: 'secret words' });
    const reply = commentBy(friend, friendsNote.id, { parentCommentId: theirs.id });

    const wrong = await api('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: 'x' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ password: [DELETE_PASSWORD_WRONG] });

    const res = await api('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(res.status).toBe(204);
    expect((await api('GET', '/api/auth/me', { token: leaver.token })).status).toBe(401);
    expect(getDb().ruminations.map((r) => r.id)).toEqual([friendsNote.id]);
    expect(getDb().relations).toEqual([]);
    const thread = await api('GET', `/api/comments/rumination/${friendsNote.id}`, {
      token: friend.token,
    });
    expect(thread.json[0]).toMatchObject({
      id: theirs.id,
      isDeleted: true,
      content: '',
      createdBy: {
        id: leaver.user.id,
        username: ERASED_ACCOUNT_NAME,
        displayName: ERASED_ACCOUNT_NAME,
      },
    });
    expect(thread.json[0].childComments.map((c: Json) => c.id)).toEqual([reply.id]);
    expect((await api('GET', `/api/users/${leaver.user.id}`, { token: friend.token })).status).toBe(
      404,
    );
    const again = await api('POST', '/api/auth/signup', {
      body: {
        username: 'leaver',
        email: 'leaver@example.com',
        password: 'another good phrase',
        acceptedTosVersion: '1.0',
      },
    });
    expect(again.status).toBe(201);
    expect(getDb().users.filter((u) => u.username === 'leaver')).toHaveLength(1);
  });
});
