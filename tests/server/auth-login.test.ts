import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { signAccessToken } from '../../server/credentials/access-token';
import { authHeader, createActiveUser, setUpTestApp } from './support/test-app';

describe('sign-in and the current user', () => {
  const t = setUpTestApp();

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const me = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

  it('signs in by username, ignoring case, and the token identifies the user', async () => {
    const user = await createActiveUser(t.app, { username: 'Hannah', password: 'pa55word' });
    const res = await login('hannah', 'pa55word');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ accessToken: string }>();
    expect(body).toEqual({
      accessToken: expect.any(String),
      requiresTosAcceptance: false,
      latestTosVersion: '1.0',
    });
    const who = await me(authHeader(body.accessToken));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ id: user.id, username: 'Hannah', displayName: 'Hannah' });
  });

  it('signs in by email address', async () => {
    const user = await createActiveUser(t.app, { email: 'ivy@example.test', password: 'pa55word' });
    const res = await login('IVY@example.test', 'pa55word');
    expect(res.statusCode).toBe(200);
    const who = await me(authHeader(res.json<{ accessToken: string }>().accessToken));
    expect(who.json()).toMatchObject({ id: user.id });
  });

  it('gives the same 401 for a wrong password and for an unknown user', async () => {
    const user = await createActiveUser(t.app, { password: 'pa55word' });
    const wrong = await login(user.username, 'not-the-password');
    const unknown = await login('nobody_here', 'pa55word');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ status: 401, title: 'Invalid username or password' });
  });

  it('tells a user who has not accepted the current terms', async () => {
    const user = await createActiveUser(t.app, { acceptTerms: false });
    const res = await login(user.username, user.password);
    expect(res.json()).toMatchObject({ requiresTosAcceptance: true, latestTosVersion: '1.0' });
  });

  it('answers 400 for a login without a username or password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: {
        username: ['Username or email is required'],
        password: ['Password is required'],
      },
    });
  });

  it('answers 401 to /me without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401 });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 to /me for a malformed, forged, unsigned or expired token', async () => {
    const user = await createActiveUser(t.app);
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a different secret of at least 32 bytes!!'));
    const unsigned = new UnsecuredJWT({ tv: 0 })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const expired = await signAccessToken(
      t.app.jwtSecret,
      { userId: user.id, tokenVersion: 0 },
      new Date((now - 8 * 24 * 3600) * 1000),
    );
    for (const token of ['garbage', forged, unsigned, expired]) {
      const res = await me(authHeader(token));
      expect(res.statusCode, token).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
    expect((await me(authHeader(user.token))).statusCode).toBe(200);
  });

  it('stops accepting a token that worked before once it expires', async () => {
    const user = await createActiveUser(t.app);
    // Issued 7 days minus 2 seconds ago: valid now, expired 2 seconds from now.
    const token = await signAccessToken(
      t.app.jwtSecret,
      { userId: user.id, tokenVersion: 0 },
      new Date(Date.now() - (7 * 24 * 3600 - 2) * 1000),
    );
    expect((await me(authHeader(token))).statusCode).toBe(200);
    vi.useFakeTimers({ now: Date.now() + 3000, toFake: ['Date'] });
    try {
      expect((await me(authHeader(token))).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('issues tokens valid for 7 days', async () => {
    const user = await createActiveUser(t.app);
    const res = await login(user.username, user.password);
    const token = res.json<{ accessToken: string }>().accessToken;
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
      iat: number;
      sub: string;
    };
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
    expect(payload.sub).toBe(String(user.id));
  });

  it('answers 401 for the token of a deleted user', async () => {
    const user = await createActiveUser(t.app);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await me(authHeader(user.token))).statusCode).toBe(401);
  });

  it('stores passwords as argon2id hashes with a per-user salt', async () => {
    const a = await createActiveUser(t.app, { password: 'same password' });
    const b = await createActiveUser(t.app, { password: 'same password' });
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]?.password_hash).not.toBe(rows[1]?.password_hash);
  });
});
