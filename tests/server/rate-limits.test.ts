import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { tokenFromMail } from './support/memory-mailer';
import { createActiveUser, createTestApp, testRateLimits, type TestApp } from './support/test-app';

const MINUTE = 60_000;

describe('rate limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const post = (app: TestApp, url: string, payload: object, ip = '203.0.113.7') =>
    app.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('limits sign-in attempts per address with a 429 problem and Retry-After', async () => {
    t = await createTestApp({
      config: { rateLimits: testRateLimits({ loginPerAddress: { max: 3, windowMs: 5 * MINUTE } }) },
    });
    for (let i = 0; i < 3; i++) {
      const res = await post(t, '/api/auth/login', { username: `u${i}`, password: 'wrong!' });
      expect(res.statusCode).toBe(401);
    }
    const limited = await post(t, '/api/auth/login', { username: 'u9', password: 'wrong!' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.json()).toMatchObject({ status: 429 });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // Another address is not affected.
    const other = await post(
      t,
      '/api/auth/login',
      { username: 'u9', password: 'wrong!' },
      '198.51.100.1',
    );
    expect(other.statusCode).toBe(401);
  });

  it('a stranger cannot lock the owner out: 25 wrong passwords from 5 addresses, then the right one from a sixth', async () => {
    t = await createTestApp({ config: { rateLimits: { ...DEFAULT_RATE_LIMITS } } });
    const user = await createActiveUser(t.app);
    for (let address = 1; address <= 5; address++) {
      for (let i = 0; i < 5; i++) {
        const res = await post(
          t,
          '/api/auth/login',
          { username: user.username, password: 'wrong-guess' },
          `192.0.2.${address}`,
        );
        expect(res.statusCode).toBe(401);
      }
    }
    const owner = await post(
      t,
      '/api/auth/login',
      { username: user.username, password: user.password },
      '198.51.100.60',
    );
    expect(owner.statusCode).toBe(200);
  });

  it('after 10 wrong passwords from one address, that address waits (429), right password or not; others do not', async () => {
    t = await createTestApp({
      config: {
        rateLimits: testRateLimits({ loginFailuresPerPair: { max: 10, windowMs: 15 * MINUTE } }),
      },
    });
    const user = await createActiveUser(t.app);
    const from = (address: string, password: string, username = user.username) =>
      post(t!, '/api/auth/login', { username, password }, address);
    for (let i = 0; i < 10; i++) expect((await from('192.0.2.1', 'nope!!')).statusCode).toBe(401);
    // By email too: the same account.
    const eleventh = await from('192.0.2.1', user.password, user.email.toUpperCase());
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ status: 429 });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await from('192.0.2.2', user.password)).statusCode).toBe(200);
    // An unknown name is limited exactly like a known one (nothing tells them apart).
    for (let i = 0; i < 10; i++) {
      expect((await from('192.0.2.3', 'nope!!', 'no-such-person')).statusCode).toBe(401);
    }
    expect((await from('192.0.2.3', 'nope!!', 'no-such-person')).statusCode).toBe(429);
  });

  it('successful sign-ins are not failures', async () => {
    t = await createTestApp({
      config: {
        rateLimits: testRateLimits({ loginFailuresPerPair: { max: 2, windowMs: 15 * MINUTE } }),
      },
    });
    const user = await createActiveUser(t.app);
    const attempt = (password: string) =>
      post(t!, '/api/auth/login', { username: user.username, password });
    expect((await attempt('wrong-1')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(user.password)).statusCode).toBe(200);
    expect((await attempt('wrong-2')).statusCode).toBe(401);
    expect((await attempt(user.password)).statusCode).toBe(429);
  });

  it('caps guessing at the account from all addresses together', async () => {
    t = await createTestApp({
      config: {
        rateLimits: testRateLimits({
          loginFailuresPerPair: { max: 3, windowMs: 15 * MINUTE },
          loginFailuresPerAccount: { max: 6, windowMs: 60 * MINUTE },
        }),
      },
    });
    const user = await createActiveUser(t.app);
    for (const address of ['192.0.2.1', '192.0.2.2']) {
      for (let i = 0; i < 3; i++) {
        const res = await post(
          t,
          '/api/auth/login',
          { username: user.username, password: 'guess!' },
          address,
        );
        expect(res.statusCode).toBe(401);
      }
    }
    const next = await post(
      t,
      '/api/auth/login',
      { username: user.username, password: user.password },
      '192.0.2.3',
    );
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(900);
  });

  it('a completed password reset clears the account’s counts', async () => {
    t = await createTestApp({
      config: {
        rateLimits: testRateLimits({
          loginFailuresPerPair: { max: 2, windowMs: 15 * MINUTE },
          loginFailuresPerAccount: { max: 2, windowMs: 60 * MINUTE },
        }),
      },
    });
    const user = await createActiveUser(t.app);
    const login = (password: string) =>
      post(t!, '/api/auth/login', { username: user.username, password });
    await login('wrong-1');
    await login('wrong-2');
    expect((await login(user.password)).statusCode).toBe(429);
    await post(t, '/api/auth/forgot-password', { email: user.email });
    await t.app.background.settled();
    const reset = await post(t, '/api/auth/reset-password', {
      token: tokenFromMail(t.mailer.lastTo(user.email)),
      newPassword: 'brand-new-secret',
      confirmPassword: 'brand-new-secret',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('brand-new-secret')).statusCode).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    t = await createTestApp({
      config: {
        rateLimits: testRateLimits({ signupPerAddress: { max: 1, windowMs: 30 * MINUTE } }),
      },
    });
    const first = await post(t, '/api/auth/signup', {
      username: 'first',
      email: 'first@example.test',
      password: 'quiet-lake-7',
    });
    expect(first.statusCode).toBe(201);
    const second = await post(t, '/api/auth/signup', {
      username: 'second',
      email: 'second@example.test',
      password: 'quiet-lake-7',
    });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });

  it('forgot-password: always 200 for the account, only the number of emails is limited, and each link works', async () => {
    t = await createTestApp({
      config: {
        rateLimits: testRateLimits({ forgotEmailsPerAccount: { max: 2, windowMs: 30 * MINUTE } }),
      },
    });
    const user = await createActiveUser(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/api/auth/forgot-password', { email: user.email.toUpperCase() });
      expect(res.statusCode).toBe(200);
    }
    await t.app.background.settled();
    const emails = t.mailer.sent.filter((m) => m.to === user.email);
    expect(emails).toHaveLength(2);
    // Whoever asked, the owner can reset with a link they were sent.
    const reset = await post(t, '/api/auth/reset-password', {
      token: tokenFromMail(emails[0]),
      newPassword: 'mine-again',
      confirmPassword: 'mine-again',
    });
    expect(reset.statusCode).toBe(200);
    // A completed reset lets emails go out again.
    await post(t, '/api/auth/forgot-password', { email: user.email });
    await t.app.background.settled();
    expect(t.mailer.sent.filter((m) => m.to === user.email)).toHaveLength(3);
  });

  it('limits forgot-password per address and reset per token', async () => {
    t = await createTestApp({
      config: {
        rateLimits: testRateLimits({
          forgotPerAddress: { max: 1, windowMs: 30 * MINUTE },
          resetPerAccount: { max: 1, windowMs: 30 * MINUTE },
        }),
      },
    });
    const forgot = (email: string) => post(t!, '/api/auth/forgot-password', { email });
    expect((await forgot('a@example.test')).statusCode).toBe(200);
    expect((await forgot('b@example.test')).statusCode).toBe(429);

    const reset = () =>
      post(t!, '/api/auth/reset-password', {
        token: 'guessed-token',
        newPassword: 'quiet-lake-7',
        confirmPassword: 'quiet-lake-7',
      });
    expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);
  });

  it('counts every reset link of one account against that account', async () => {
    t = await createTestApp({
      config: {
        rateLimits: testRateLimits({ resetPerAccount: { max: 1, windowMs: 30 * MINUTE } }),
      },
    });
    const user = await createActiveUser(t.app);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await post(t, '/api/auth/forgot-password', { email: user.email });
      await t.app.background.settled();
      tokens.push(tokenFromMail(t.mailer.lastTo(user.email)));
    }
    const reset = (token: string) =>
      post(t!, '/api/auth/reset-password', {
        token,
        newPassword: 'quiet-lake-7',
        confirmPassword: 'quiet-lake-7',
      });
    expect((await reset(tokens[0] ?? '')).statusCode).toBe(200);
    expect((await reset(tokens[1] ?? '')).statusCode).toBe(429);
  });

  it('can be switched off', async () => {
    t = await createTestApp({
      config: {
        rateLimits: {
          ...testRateLimits({ loginPerAddress: { max: 1, windowMs: MINUTE } }),
          enabled: false,
        },
      },
    });
    for (let i = 0; i < 3; i++) {
      const res = await post(t, '/api/auth/login', { username: 'x', password: 'wrong!' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('defaults to the contract’s numbers', () => {
    expect(DEFAULT_RATE_LIMITS.loginPerAddress).toEqual({ max: 25, windowMs: 5 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.loginFailuresPerPair).toEqual({ max: 10, windowMs: 15 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.loginFailuresPerAccount).toEqual({
      max: 100,
      windowMs: 60 * MINUTE,
    });
    expect(DEFAULT_RATE_LIMITS.signupPerAddress).toEqual({ max: 5, windowMs: 30 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.forgotEmailsPerAccount).toEqual({ max: 5, windowMs: 30 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.resetPerAccount).toEqual({ max: 5, windowMs: 30 * MINUTE });
  });
});
