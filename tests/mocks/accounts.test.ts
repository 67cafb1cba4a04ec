import { describe, expect, it } from 'vitest';
import { createUser, publishTermsVersion } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { outbox } from '../../mocks/store/tokens';
import { api, setupMockBackend } from './mock-backend';

setupMockBackend();

function tokenFromLink(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

const signup = {
  username: 'newbie',
  email: 'newbie@example.com',
  password: 'quiet-lake-7',
  acceptedTosVersion: '1.0',
};

describe('sign-up, activation and sign-in', () => {
  it('creates an inactive account that can sign in only after activation', async () => {
    const created = await api('POST', '/api/auth/signup', { body: signup });
    expect(created.status).toBe(201);
    expect(typeof created.json.message).toBe('string');

    const early = await api('POST', '/api/auth/login', {
      body: { username: 'newbie', password: 'quiet-lake-7' },
    });
    expect(early.status).toBe(403);
    expect(early.json.title).toBe('Account is not activated');

    const link = outbox().at(-1)?.link ?? '';
    expect(link).toContain('/activate?token=');
    const activated = await api('GET', `/api/auth/activate?token=${tokenFromLink(link)}`);
    expect(activated.status).toBe(200);
    expect(typeof activated.json.message).toBe('string');

    const again = await api('GET', `/api/auth/activate?token=${tokenFromLink(link)}`);
    expect(again.status).toBe(400);
    expect(again.json.title).toBe('This account is already activated');

    const login = await api('POST', '/api/auth/login', {
      body: { username: 'NEWBIE@example.com', password: 'quiet-lake-7' },
    });
    expect(login.status).toBe(200);
    expect(login.json).toEqual({
      accessToken: expect.any(String),
      requiresTosAcceptance: false,
      latestTosVersion: '1.0',
    });

    const me = await api('GET', '/api/auth/me', { token: login.json.accessToken });
    expect(me.status).toBe(200);
    expect(me.json).toEqual({ id: expect.any(Number), username: 'newbie', displayName: 'newbie' });
  });

  it('refuses a taken username with 409 but answers a taken email like a new one', async () => {
    createUser({ username: 'taken', email: 'taken@example.com' });
    const sameName = await api('POST', '/api/auth/signup', {
      body: { ...signup, username: 'TAKEN' },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.json.title).toBe('Username is already taken');

    const usersBefore = getDb().users.length;
    const sameEmail = await api('POST', '/api/auth/signup', {
      body: { ...signup, email: 'Taken@Example.com' },
    });
    expect(sameEmail.status).toBe(201);
    expect(getDb().users.length).toBe(usersBefore);
  });

  it('validates sign-up input with problem details listing the fields', async () => {
    const bad = await api('POST', '/api/auth/signup', {
      body: { username: 'ab', email: 'nope', password: '123' },
    });
    expect(bad.status).toBe(400);
    expect(bad.contentType).toContain('application/problem+json');
    expect(bad.json).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: 400,
    });
    expect(Object.keys(bad.json.errors).sort()).toEqual(['email', 'password', 'username']);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    createUser({ username: 'alice', password: 'right-one' });
    const wrong = await api('POST', '/api/auth/login', {
      body: { username: 'alice', password: 'wrong-one' },
    });
    const unknown = await api('POST', '/api/auth/login', {
      body: { username: 'nobody', password: 'wrong-one' },
    });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.json.title).toBe('Invalid username or password');
    }
  });

  it('tells a user who signed up with an old terms version to accept the current one', async () => {
    publishTermsVersion('1.1');
    await api('POST', '/api/auth/signup', { body: signup });
    await api('GET', `/api/auth/activate?token=${tokenFromLink(outbox().at(-1)?.link ?? '')}`);
    const login = await api('POST', '/api/auth/login', {
      body: { username: 'newbie', password: 'quiet-lake-7' },
    });
    expect(login.json.requiresTosAcceptance).toBe(true);
    expect(login.json.latestTosVersion).toBe('1.1');
  });

  it('answers 401 on /me without a token or with an unknown one', async () => {
    expect((await api('GET', '/api/auth/me')).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: 'mock-token-1-nope' })).status).toBe(401);
  });

  it('answers 400 to an activation without a token', async () => {
    const r = await api('GET', '/api/auth/activate');
    expect(r.status).toBe(400);
  });
});

describe('password reset', () => {
  it('always answers forgot-password with the same 200, and mails a link only to owners', async () => {
    createUser({ username: 'alice', email: 'alice@example.com' });
    const known = await api('POST', '/api/auth/forgot-password', {
      body: { email: 'alice@example.com' },
    });
    const unknown = await api('POST', '/api/auth/forgot-password', {
      body: { email: 'ghost@example.com' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(outbox().map((m) => m.to)).toEqual(['alice@example.com']);
  });

  it('resets the password once, ending older sessions', async () => {
    const { token: oldSession } = createUser({ username: 'alice', password: 'old-password' });
    await api('POST', '/api/auth/forgot-password', { body: { email: 'alice@example.com' } });
    const resetToken = tokenFromLink(outbox().at(-1)?.link ?? '');

    const mismatch = await api('POST', '/api/auth/reset-password', {
      body: { token: resetToken, newPassword: 'new-password', confirmPassword: 'other' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errors.confirmPassword).toEqual(['Passwords do not match']);

    const ok = await api('POST', '/api/auth/reset-password', {
      body: { token: resetToken, newPassword: 'new-password', confirmPassword: 'new-password' },
    });
    expect(ok.status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token: oldSession })).status).toBe(401);

    const reused = await api('POST', '/api/auth/reset-password', {
      body: { token: resetToken, newPassword: 'third-pass', confirmPassword: 'third-pass' },
    });
    expect(reused.status).toBe(400);

    const oldLogin = await api('POST', '/api/auth/login', {
      body: { username: 'alice', password: 'old-password' },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await api('POST', '/api/auth/login', {
      body: { username: 'alice', password: 'new-password' },
    });
    expect(newLogin.status).toBe(200);
  });
});

describe('the account rules the server keeps (api-contract.md "Accounts")', () => {
  it('refuses common passwords, white space alone and a local part over 64, on their fields', async () => {
    for (const [body, field, message] of [
      [{ ...signup, password: 'Password' }, 'password', 'Password is too common'],
      [{ ...signup, password: '      ' }, 'password', 'Password must not be only white space'],
      [
        { ...signup, email: `${'a'.repeat(65)}@example.com` },
        'email',
        'The part before the @ must be at most 64 characters',
      ],
    ] as const) {
      const res = await api('POST', '/api/auth/signup', { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json.errors[field]).toEqual([message]);
    }
    expect(getDb().users.some((u) => u.username === 'newbie')).toBe(false);
  });

  it('refuses unpaired surrogates and NUL in content', async () => {
    const { token } = createUser({ username: 'writer' });
    for (const content of ['a\ud800b', 'a\udc00', 'nul\u0000']) {
      const res = await api('POST', '/api/ruminations', {
        token,
        body: { content, publish: true },
      });
      expect(res.status).toBe(400);
    }
    expect(getDb().ruminations).toHaveLength(0);
  });
});
