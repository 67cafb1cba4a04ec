import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/config';
import { tokenFromMail } from './support/memory-mailer';
import { createActiveUser, createTestApp, type TestApp } from './support/test-app';

const MINUTE = 60_000;

function limits(overrides: Partial<RateLimits>): RateLimits {
  const huge = { max: 1000, windowMs: MINUTE };
  return {
    enabled: true,
    loginPerAddress: huge,
    loginPerAccount: huge,
    signupPerAddress: huge,
    forgotPerAccount: huge,
    forgotPerAddress: huge,
    resetPerAccount: huge,
    resetPerAddress: huge,
    searchPerUser: huge,
    ...overrides,
  };
}

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
      config: { rateLimits: limits({ loginPerAddress: { max: 3, windowMs: 5 * MINUTE } }) },
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

  it('limits sign-in attempts per account across addresses', async () => {
    t = await createTestApp({
      config: { rateLimits: limits({ loginPerAccount: { max: 2, windowMs: 60 * MINUTE } }) },
    });
    const user = await createActiveUser(t.app);
    await post(t, '/api/auth/login', { username: user.username, password: 'x' }, '192.0.2.1');
    // By email: the same account, the same budget.
    await post(t, '/api/auth/login', { username: user.email, password: 'x' }, '192.0.2.2');
    const third = await post(
      t,
      '/api/auth/login',
      { username: user.username.toUpperCase(), password: user.password },
      '192.0.2.3',
    );
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(300);
    const otherUser = await createActiveUser(t.app);
    const ok = await post(t, '/api/auth/login', {
      username: otherUser.username,
      password: otherUser.password,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    t = await createTestApp({
      config: { rateLimits: limits({ signupPerAddress: { max: 1, windowMs: 30 * MINUTE } }) },
    });
    const first = await post(t, '/api/auth/signup', {
      username: 'first',
      email: 'first@example.test',
      password: 'secret1',
    });
    expect(first.statusCode).toBe(201);
    const second = await post(t, '/api/auth/signup', {
      username: 'second',
      email: 'second@example.test',
      password: 'secret1',
    });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });

  it('limits forgot-password per account and reset per token', async () => {
    t = await createTestApp({
      config: {
        rateLimits: limits({
          forgotPerAccount: { max: 1, windowMs: 30 * MINUTE },
          resetPerAccount: { max: 1, windowMs: 30 * MINUTE },
        }),
      },
    });
    const forgot = (email: string) => post(t!, '/api/auth/forgot-password', { email });
    expect((await forgot('a@example.test')).statusCode).toBe(200);
    expect((await forgot('A@example.test')).statusCode).toBe(429);
    expect((await forgot('b@example.test')).statusCode).toBe(200);

    const reset = () =>
      post(t!, '/api/auth/reset-password', {
        token: 'guessed-token',
        newPassword: 'secret1',
        confirmPassword: 'secret1',
      });
    expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);
  });

  it('counts every reset link of one account against that account', async () => {
    t = await createTestApp({
      config: { rateLimits: limits({ resetPerAccount: { max: 1, windowMs: 30 * MINUTE } }) },
    });
    const user = await createActiveUser(t.app);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await post(t, '/api/auth/forgot-password', { email: user.email });
      tokens.push(tokenFromMail(t.mailer.lastTo(user.email)));
    }
    const reset = (token: string) =>
      post(t!, '/api/auth/reset-password', {
        token,
        newPassword: 'secret1',
        confirmPassword: 'secret1',
      });
    expect((await reset(tokens[0] ?? '')).statusCode).toBe(200);
    expect((await reset(tokens[1] ?? '')).statusCode).toBe(429);
  });

  it('can be switched off', async () => {
    t = await createTestApp({
      config: {
        rateLimits: {
          ...limits({ loginPerAddress: { max: 1, windowMs: MINUTE } }),
          enabled: false,
        },
      },
    });
    for (let i = 0; i < 3; i++) {
      const res = await post(t, '/api/auth/login', { username: 'x', password: 'wrong!' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('defaults to the Mastodon-like numbers', () => {
    expect(DEFAULT_RATE_LIMITS.loginPerAddress).toEqual({ max: 25, windowMs: 5 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.loginPerAccount).toEqual({ max: 25, windowMs: 60 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.signupPerAddress).toEqual({ max: 5, windowMs: 30 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.forgotPerAccount).toEqual({ max: 5, windowMs: 30 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.resetPerAccount).toEqual({ max: 5, windowMs: 30 * MINUTE });
  });
});
