import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/credentials/password';
import {
  CURRENT_PASSWORD_WRONG,
  DELETE_PASSWORD_WRONG,
  NEW_PASSWORD_SAME,
  ERASED_ACCOUNT_NAME,
  type Account,
} from '../../src/api/account-schemas';
import type { Comment } from '../../src/api/comment-schemas';
import type { UserRelation } from '../../src/api/relation-schemas';
import { createTestApp, setUpTestApp } from './support/test-app';
import { call, idsOf, person, relation, writeRumination, type Person } from './ruminations-support';

const t = setUpTestApp();

const PASSWORD = 'quiet harbour 42';

/** A person who can sign in with PASSWORD (the shared helper skips hashing for speed). */
async function personWithPassword(): Promise<Person> {
  const p = await person(t);
  await t.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', p.id)
    .execute();
  return p;
}

async function logIn(username: string, password: string) {
  return call(t, 'POST', '/api/auth/login', { body: { username, password } });
}

async function comment(as: Person, body: Record<string, unknown>): Promise<Comment> {
  const res = await call(t, 'POST', '/api/comments', { as, body });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<Comment>();
}

describe('GET /api/account', () => {
  it('answers the caller’s id, username, email and member-since time', async () => {
    const me = await person(t);
    const res = await call(t, 'GET', '/api/account', { as: me });
    expect(res.statusCode).toBe(200);
    expect(res.json<Account>()).toEqual({
      id: me.id,
      username: me.username,
      displayName: me.username,
      email: `${me.username}@example.test`,
      createTMS: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/account')).statusCode).toBe(401);
  });
});

describe('PUT /api/account/password', () => {
  const change = (as: Person, body: Record<string, unknown>) =>
    call(t, 'PUT', '/api/account/password', { as, body });

  it('refuses a wrong current password on currentPassword, and changes nothing', async () => {
    const me = await personWithPassword();
    const res = await change(me, {
      currentPassword: 'not it at all',
      newPassword: 'a brand new phrase',
      confirmPassword: 'a brand new phrase',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { currentPassword: [CURRENT_PASSWORD_WRONG] } });
    expect((await logIn(me.username, PASSWORD)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/account', { as: me })).statusCode).toBe(200);
  });

  it.each([
    ['a common password', 'password123', 'newPassword', 'Password is too common'],
    ['a short one', 'abc', 'newPassword', 'Password must be at least 6 characters'],
    ['white space only', '        ', 'newPassword', 'Password must not be only white space'],
  ])('refuses %s on newPassword', async (_name, newPassword, field, message) => {
    const me = await personWithPassword();
    const res = await change(me, {
      currentPassword: PASSWORD,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(message);
  });

  it('refuses a new password equal to the current one on newPassword, and revokes nothing', async () => {
    const me = await personWithPassword();
    const res = await change(me, {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { newPassword: [NEW_PASSWORD_SAME] } });
    expect((await call(t, 'GET', '/api/account', { as: me })).statusCode).toBe(200);
  });

  it('refuses a confirmation that does not match', async () => {
    const me = await personWithPassword();
    const res = await change(me, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new phrase',
      confirmPassword: 'a different phrase',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { confirmPassword: ['Passwords do not match'] } });
  });

  it('answers a new token that works, ends every older one, and signs in with the new password', async () => {
    const me = await personWithPassword();
    const otherDevice = (await logIn(me.username, PASSWORD)).json<{ accessToken: string }>();
    const res = await change(me, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new phrase',
      confirmPassword: 'a brand new phrase',
    });
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json<{ accessToken: string }>();
    expect(
      (await call(t, 'GET', '/api/auth/me', { as: { ...me, token: accessToken } })).statusCode,
    ).toBe(200);
    expect((await call(t, 'GET', '/api/auth/me', { as: me })).statusCode).toBe(401);
    const other = { ...me, token: otherDevice.accessToken };
    expect((await call(t, 'GET', '/api/auth/me', { as: other })).statusCode).toBe(401);
    expect((await logIn(me.username, PASSWORD)).statusCode).toBe(401);
    expect((await logIn(me.username, 'a brand new phrase')).statusCode).toBe(200);
  });

  it('counts wrong current passwords like wrong sign-ins (429 past the pair limit)', async () => {
    const strict = await createTestApp({
      config: {
        rateLimits: {
          ...t.app.config.rateLimits,
          loginFailuresPerPair: { max: 3, windowMs: 60_000 },
        },
      },
    });
    try {
      const p = await person(strict);
      await strict.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(PASSWORD) })
        .where('id', '=', p.id)
        .execute();
      const wrong = {
        currentPassword: 'guess',
        newPassword: 'new phrase 1',
        confirmPassword: 'new phrase 1',
      };
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await call(strict, 'PUT', '/api/account/password', { as: p, body: wrong })).statusCode,
        ).toBe(400);
      }
      const blocked = await call(strict, 'PUT', '/api/account/password', { as: p, body: wrong });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await strict.close();
    }
  });

  it('answers 401 without a token', async () => {
    const res = await call(t, 'PUT', '/api/account/password', {
      body: {
        currentPassword: 'x',
        newPassword: 'a brand new phrase',
        confirmPassword: 'a brand new phrase',
      },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/account/sign-out-everywhere', () => {
  it('revokes every token of the caller, this one included (204)', async () => {
    const me = await personWithPassword();
    const other = (await logIn(me.username, PASSWORD)).json<{ accessToken: string }>();
    const res = await call(t, 'POST', '/api/account/sign-out-everywhere', {
      as: me,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/auth/me', { as: me })).statusCode).toBe(401);
    const second = { ...me, token: other.accessToken };
    expect((await call(t, 'GET', '/api/auth/me', { as: second })).statusCode).toBe(401);
    expect((await logIn(me.username, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t, 'POST', '/api/account/sign-out-everywhere')).statusCode).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong password on password and changes nothing', async () => {
    const me = await personWithPassword();
    const note = await writeRumination(t, me);
    const res = await call(t, 'DELETE', '/api/account', {
      as: me,
      body: { password: 'nope nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { password: [DELETE_PASSWORD_WRONG] } });
    expect((await call(t, 'GET', `/api/ruminations/${note.id}`, { as: me })).statusCode).toBe(200);
  });

  it('refuses a missing password (400) and answers 401 without a token', async () => {
    const me = await personWithPassword();
    expect((await call(t, 'DELETE', '/api/account', { as: me, body: {} })).statusCode).toBe(400);
    expect((await call(t, 'DELETE', '/api/account', { body: { password: 'x' } })).statusCode).toBe(
      401,
    );
  });

  it('erases everything of the account and leaves other people’s views consistent', async () => {
    const leaver = await personWithPassword();
    const friend = await person(t);
    const bystander = await person(t);
    await relation(t.db, leaver, friend, 2, 'accepted');
    await relation(t.db, bystander, leaver, 1, 'pending');

    const ownFriendsOnly = await writeRumination(t, leaver, { audiences: ['Friend'] });
    const ownPublic = await writeRumination(t, leaver);
    const ownDraft = await writeRumination(t, leaver, { publish: false });
    const friendsNote = await writeRumination(t, friend);
    // On the leaver's own note: a friend's comment goes with it.
    await comment(friend, { content: 'on yours', ruminationId: ownPublic.id });
    // On the friend's note: the leaver's comment stays, erased, and the friend's reply to it stays.
    const leaversComment = await comment(leaver, {
      content: 'my secret words',
      ruminationId: friendsNote.id,
    });
    const reply = await comment(friend, { content: 'a reply', parentCommentId: leaversComment.id });

    const res = await call(t, 'DELETE', '/api/account', {
      as: leaver,
      body: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(204);

    // The token, sign-in and the profile are gone.
    expect((await call(t, 'GET', '/api/auth/me', { as: leaver })).statusCode).toBe(401);
    expect((await logIn(leaver.username, PASSWORD)).statusCode).toBe(401);
    expect((await logIn(`${leaver.username}@example.test`, PASSWORD)).statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/users/${leaver.id}`, { as: friend })).statusCode).toBe(404);
    const search = await call(t, 'GET', `/api/users/search?q=${leaver.username}`, { as: friend });
    expect(search.json()).toEqual([]);

    // Their ruminations, drafts included, and the comments on them.
    for (const note of [ownFriendsOnly, ownPublic, ownDraft]) {
      expect((await call(t, 'GET', `/api/ruminations/${note.id}`, { as: friend })).statusCode).toBe(
        404,
      );
    }
    const onOwn = await t.db
      .selectFrom('comments')
      .select('id')
      .where('rumination_id', 'in', [ownFriendsOnly.id, ownPublic.id, ownDraft.id])
      .execute();
    expect(onOwn).toEqual([]);
    expect(idsOf(await call(t, 'GET', '/api/ruminations/feed', { as: friend }))).not.toContain(
      ownFriendsOnly.id,
    );
    expect(idsOf(await call(t, 'GET', '/api/ruminations/public'))).not.toContain(ownPublic.id);

    // The friend's thread: the leaver's comment shown as deleted, the reply in its place.
    const thread = await call(t, 'GET', `/api/comments/rumination/${friendsNote.id}`, {
      as: friend,
    });
    expect(thread.statusCode).toBe(200);
    const [erased] = thread.json<Comment[]>();
    expect(erased).toMatchObject({
      id: leaversComment.id,
      isDeleted: true,
      content: '',
      createdBy: {
        id: leaver.id,
        username: ERASED_ACCOUNT_NAME,
        displayName: ERASED_ACCOUNT_NAME,
      },
    });
    expect(erased?.childComments.map((c) => c.id)).toEqual([reply.id]);
    expect(thread.body).not.toContain('my secret words');
    expect(thread.body).not.toContain(leaver.username);
    const friendsCard = await call(t, 'GET', `/api/ruminations/${friendsNote.id}`, { as: friend });
    expect(friendsCard.json()).toMatchObject({ commentCount: 1 });

    // Relations, in every state, and what visibility derives from them.
    for (const who of [friend, bystander]) {
      const list = await call(t, 'GET', '/api/UserRelations?IncludeDeleted=true', { as: who });
      const others = list.json<UserRelation[]>().flatMap((r) => [r.initiator.id, r.receiver.id]);
      expect(others).not.toContain(leaver.id);
    }
    const derived = await t.db
      .selectFrom('viewer_audiences')
      .select('viewer_id')
      .where((eb) => eb.or([eb('viewer_id', '=', leaver.id), eb('author_id', '=', leaver.id)]))
      .execute();
    expect(derived).toEqual([]);
    const leftovers = await Promise.all(
      (['account_tokens', 'terms_acceptances'] as const).map((table) =>
        t.db.selectFrom(table).select('id').where('user_id', '=', leaver.id).execute(),
      ),
    );
    expect(leftovers).toEqual([[], []]);

    // The username and the email are free again.
    const again = await call(t, 'POST', '/api/auth/signup', {
      body: {
        username: leaver.username,
        email: `${leaver.username}@example.test`,
        password: 'another good phrase',
        acceptedTosVersion: '1.0',
      },
    });
    expect(again.statusCode).toBe(201);
    const newRow = await t.db
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', leaver.username.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(newRow.id).not.toBe(leaver.id);
  });

  it('leaves the erased account unable to sign in by its tombstone name', async () => {
    const leaver = await personWithPassword();
    await call(t, 'DELETE', '/api/account', { as: leaver, body: { password: PASSWORD } });
    expect((await logIn(`erased:${leaver.id}`, '')).statusCode).toBe(400);
    expect((await logIn(`erased:${leaver.id}`, PASSWORD)).statusCode).toBe(401);
    expect((await logIn(ERASED_ACCOUNT_NAME, PASSWORD)).statusCode).toBe(401);
  });
});
