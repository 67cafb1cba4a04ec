import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/credentials/access-token';
import type { Rumination } from '../../src/api/rumination-schemas';
import { tokenFromMail } from './support/memory-mailer';
import { createActiveUser, setUpTestApp } from './support/test-app';
import { call, person, writeRumination } from './ruminations-support';

/** api-contract.md "Accounts": passwords, email addresses and text that is never changed. */

const t = setUpTestApp();

let n = 0;
const signup = (password: string, email = `person${++n}@example.test`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { username: `person_${n}_${Date.now() % 100000}`, email, password },
  });

describe('passwords', () => {
  it.each(['123456', 'password', 'qwerty', 'QWERTY', 'Password', 'iloveyou', 'dragon'])(
    'refuses the common password %j with 400 "Password is too common" on the field',
    async (password) => {
      const res = await signup(password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        title: 'Password is too common',
        errors: { password: ['Password is too common'] },
      });
    },
  );

  it('refuses a password made only of white space', async () => {
    const res = await signup('      ');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual(['Password must not be only white space']);
  });

  it('accepts an uncommon password', async () => {
    expect((await signup('correct horse battery')).statusCode).toBe(201);
  });

  it('refuses a common new password on reset, on its field, and keeps the old one', async () => {
    const user = await createActiveUser(t.app, { password: 'my-own-words' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    await t.app.background.settled();
    const token = tokenFromMail(t.mailer.lastTo(user.email));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'letmein', confirmPassword: 'letmein' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ newPassword: ['Password is too common'] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'my-own-words' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('email addresses', () => {
  it('takes a local part of 64 characters and refuses 65', async () => {
    expect((await signup('uncommon-words-1', `${'a'.repeat(64)}@example.test`)).statusCode).toBe(
      201,
    );
    const res = await signup('uncommon-words-2', `${'b'.repeat(65)}@example.test`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual([
      'The part before the @ must be at most 64 characters',
    ]);
  });
});

describe('text is never silently changed', () => {
  const broken = ['a\ud800b', 'a\udc00b', '\ud83d', 'x\udfff', 'nul\u0000here'];

  it.each(broken)(
    'refuses %j in ruminations and comments with 400, storing nothing',
    async (text) => {
      const me = await person(t);
      const mine = await writeRumination(t, me, { content: 'As it was' });
      for (const [method, url, body] of [
        ['POST', '/api/ruminations', { content: text, publish: true }],
        ['PUT', `/api/ruminations/${mine.id}`, { content: text, publish: true }],
        ['POST', '/api/comments', { content: text, ruminationId: mine.id }],
      ] as const) {
        const res = await call(t, method, url, { as: me, body });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().errors.content).toEqual([
          'Must not contain NUL characters or unpaired surrogates',
        ]);
      }
      const listed = await call(t, 'GET', '/api/ruminations/my', { as: me });
      expect(listed.json<Rumination[]>().map((r) => r.content)).toEqual(['As it was']);
    },
  );

  it('refuses them in a sign-in name and a terms version too (PostgreSQL could not even look them up)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nul\u0000byte', password: 'whatever' },
    });
    expect(login.statusCode).toBe(400);
    const me = await person(t);
    const accept = await call(t, 'POST', '/api/TermsOfService/accept', {
      as: me,
      body: { version: '1.\u0000' },
    });
    expect(accept.statusCode).toBe(400);
  });

  it('refuses such a password at sign-up', async () => {
    expect((await signup('abc\ud800def')).statusCode).toBe(400);
  });

  it('refuses a body that is not valid UTF-8, rather than decoding it to U+FFFD', async () => {
    const me = await person(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ruminations',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
      // "a", then the CESU-8 bytes of a lone surrogate (ED A0 80), then "b".
      payload: Buffer.concat([
        Buffer.from('{"content":"a'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('b","publish":true}'),
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ title: 'The request body is not valid UTF-8' });
  });

  it('keeps well-formed text exactly: emoji, accents, right-to-left', async () => {
    const me = await person(t);
    const content = 'Tea 🍵 with Zoë — שלום 👩🏽‍💻';
    const written = await writeRumination(t, me, { content });
    const read = await call(t, 'GET', `/api/ruminations/${written.id}`, { as: me });
    expect(read.json<Rumination>().content).toBe(content);
  });
});

describe('values the database cannot hold are bad input (found by npm run fuzz on PostgreSQL)', () => {
  it('refuses ids past 2^31 - 1 in list queries with 400', async () => {
    const me = await person(t);
    for (const url of [
      '/api/ruminations/public?UserId=2147483648',
      '/api/ruminations/feed?UserId=2147483648',
      '/api/UserRelations?Id=2147483648',
      '/api/UserRelations?UserId=9007199254740991',
    ]) {
      expect((await call(t, 'GET', url, { as: me })).statusCode, url).toBe(400);
    }
  });

  it('refuses a NUL in the terms version sent at sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        username: `tos_${Date.now() % 100000}`,
        email: `tos${Date.now() % 100000}@example.test`,
        password: 'uncommon-words-3',
        acceptedTosVersion: '1.0\u0000',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a correctly signed token for an id no user can have', () => {
  it('answers 401, not 500', async () => {
    const token = await signAccessToken(t.app.jwtSecret, { userId: 2 ** 31, tokenVersion: 0 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
