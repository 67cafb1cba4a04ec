import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authHeader, createActiveUser, setUpTestApp } from './support/test-app';

describe('HTTP conventions of the API', () => {
  const t = setUpTestApp({
    extraRoutes: (app) => {
      // A call that takes no body, like PUT /api/UserRelations/{id}/accept.
      app.put('/api/test-no-body', () => ({ ok: true }));
      app.withTypeProvider<ZodTypeProvider>().get(
        '/api/test-query',
        {
          schema: {
            querystring: z.object({
              isPublic: z.string(),
              UserId: z.string(),
              // A name no list knows: matched from this schema alone.
              brandNewParam: z.string().optional(),
            }),
          },
        },
        (request) => request.query,
      );
      app.get('/api/test-crash', () => {
        throw new Error('a bug');
      });
    },
  });

  const isProblem = (res: { headers: Record<string, unknown> }) =>
    expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);

  it('refuses a body over 64 KiB with a 413 problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'b', padding: 'x'.repeat(65 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    isProblem(res);
    expect(res.json()).toMatchObject({ status: 413, title: expect.any(String) });
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", ',
    });
    expect(res.statusCode).toBe(400);
    isProblem(res);
    expect(res.json()).toMatchObject({ status: 400, title: 'The request body is not valid JSON' });
  });

  it('accepts an empty body with Content-Type json on a call that takes no body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/test-no-body',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an empty body on a call that needs one with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    isProblem(res);
  });

  it.each([
    '[]',
    'null',
    '42',
    '"text"',
    '{"username": 5, "password": {}}',
    '{"__proto__": {"x": 1}}',
  ])('answers the body %s with 400', async (payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    isProblem(res);
  });

  it('answers a body that is not an object with a readable 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(res.json()).toMatchObject({
      status: 400,
      title: 'The request body must be a JSON object',
    });
  });

  it('answers a malformed URL with a 400 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    isProblem(res);
  });

  it('refuses a body that is not JSON with a 4xx problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    isProblem(res);
  });

  it('answers unknown /api routes with a 404 problem, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing/here' });
      expect(res.statusCode).toBe(404);
      isProblem(res);
      expect(res.json()).toMatchObject({
        type: expect.any(String),
        title: 'Not found',
        status: 404,
      });
    }
  });

  it('matches query parameter names ignoring case', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test-query?ispublic=true&USERID=3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isPublic: 'true', UserId: '3' });
    // A parameter that only its route's schema names, in any case; the first spelling wins.
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/test-query?ISPUBLIC=false&isPublic=true&userid=4&BRANDNEWPARAM=yes',
    });
    expect(fresh.json()).toEqual({ isPublic: 'false', UserId: '4', brandNewParam: 'yes' });
    // The activation token, sent as TOKEN, is still read (and found invalid, not missing).
    const activation = await t.app.inject({ method: 'GET', url: '/api/auth/activate?TOKEN=abc' });
    expect(activation.json()).toMatchObject({ title: 'Invalid or expired activation link' });
  });

  it('names the bad query parameter in a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-query?isPublic=true' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { UserId: expect.any(Array) } });
  });

  it('answers a bug with a 500 problem that reveals nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(res.statusCode).toBe(500);
    isProblem(res);
    expect(res.body).not.toContain('a bug');
  });

  it('marks API answers no-store and sends the security headers', async () => {
    const user = await createActiveUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: authHeader(user.token),
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toBe("'self'");
    // Errors too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
