import { describe, expect, it } from 'vitest';
import { insertTermsVersion } from '../../server/modules/terms/terms-queries';
import { authHeader, createActiveUser, TEST_TERMS_CONTENT, setUpTestApp } from './support/test-app';

describe('Terms of Service', () => {
  const t = setUpTestApp({
    // A writing call of the kind ruminations, comments and relations make.
    extraRoutes: (app) =>
      app.post('/api/test-write', async (request) => {
        const user = await request.requireWriter();
        return { ok: user.id };
      }),
  });

  const status = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/TermsOfService/acceptance-status',
      headers: authHeader(token),
    });
  const accept = (token: string, version: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/TermsOfService/accept',
      headers: authHeader(token),
      payload: { version } as object,
    });
  const write = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/test-write', headers: authHeader(token) });

  it('serves the current terms to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/TermsOfService/current' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: '1.0',
      content: TEST_TERMS_CONTENT,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('needs a token for the status and for accepting', async () => {
    const anonymousStatus = await t.app.inject({
      method: 'GET',
      url: '/api/TermsOfService/acceptance-status',
    });
    expect(anonymousStatus.statusCode).toBe(401);
    const anonymousAccept = await t.app.inject({
      method: 'POST',
      url: '/api/TermsOfService/accept',
      payload: { version: '1.0' },
    });
    expect(anonymousAccept.statusCode).toBe(401);
  });

  it('blocks writes until the current version is accepted, then lets them through', async () => {
    const user = await createActiveUser(t.app, { acceptTerms: false });
    expect((await status(user.token)).json()).toEqual({
      requiresAcceptance: true,
      hasAcceptedLatest: false,
      currentVersion: '1.0',
    });
    const blocked = await write(user.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      status: 403,
      title: 'Terms of Service acceptance required',
    });

    const res = await accept(user.token, '1.0');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '1.0', acceptedAt: expect.any(String) });

    expect((await status(user.token)).json()).toEqual({
      requiresAcceptance: false,
      hasAcceptedLatest: true,
      currentVersion: '1.0',
    });
    expect((await write(user.token)).statusCode).toBe(200);
  });

  it('refuses to accept a version that is not current with 409', async () => {
    const user = await createActiveUser(t.app, { acceptTerms: false });
    const res = await accept(user.token, '0.9');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409 });
    expect((await status(user.token)).json()).toMatchObject({ requiresAcceptance: true });
  });

  it('answers 400 for an accept without a version', async () => {
    const user = await createActiveUser(t.app, { acceptTerms: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/TermsOfService/accept',
      headers: authHeader(user.token),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { version: expect.any(Array) } });
  });

  it('keeps the first acceptance time when accepting twice', async () => {
    const user = await createActiveUser(t.app, { acceptTerms: false });
    const first = (await accept(user.token, '1.0')).json<{ acceptedAt: string }>();
    const second = (await accept(user.token, '1.0')).json<{ acceptedAt: string }>();
    expect(second.acceptedAt).toBe(first.acceptedAt);
  });

  it('requires everyone to accept a newly published version, keeping the history', async () => {
    const user = await createActiveUser(t.app);
    expect((await write(user.token)).statusCode).toBe(200);

    await insertTermsVersion(t.db, '1.1', '# Terms 1.1', new Date().toISOString());
    const current = await t.app.inject({ method: 'GET', url: '/api/TermsOfService/current' });
    expect(current.json()).toMatchObject({ version: '1.1', content: '# Terms 1.1' });
    expect((await status(user.token)).json()).toEqual({
      requiresAcceptance: true,
      hasAcceptedLatest: false,
      currentVersion: '1.1',
    });
    expect((await write(user.token)).statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    expect(login.json()).toMatchObject({ requiresTosAcceptance: true, latestTosVersion: '1.1' });

    expect((await accept(user.token, '1.0')).statusCode).toBe(409);
    expect((await accept(user.token, '1.1')).statusCode).toBe(200);
    expect((await write(user.token)).statusCode).toBe(200);

    const history = await t.db
      .selectFrom('terms_acceptances')
      .select('version')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.version)).toEqual(['1.0', '1.1']);
  });
});

describe('Terms of Service before any version is published', () => {
  const t = setUpTestApp({ seedTerms: false });

  it('answers 404 for the current terms and requires nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/TermsOfService/current' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const user = await createActiveUser(t.app);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/TermsOfService/acceptance-status',
      headers: authHeader(user.token),
    });
    expect(status.json()).toEqual({
      requiresAcceptance: false,
      hasAcceptedLatest: true,
      currentVersion: null,
    });
  });
});
