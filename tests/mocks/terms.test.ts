import { describe, expect, it } from 'vitest';
import { TERMS_V1_MARKDOWN } from '../../src/domain/terms-v1';
import { TOS_REQUIRED_TITLE } from '../../src/api/terms-schemas';
import { createRumination, createUser, publishTermsVersion } from '../../mocks/store/factories';
import { api, setupMockBackend } from './mock-backend';

setupMockBackend();

describe('terms of service', () => {
  it('serves version 1.0 with the app’s own terms text', async () => {
    const r = await api('GET', '/api/TermsOfService/current');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      version: '1.0',
      content: TERMS_V1_MARKDOWN,
      createdAt: expect.any(String),
    });
  });

  it('reports acceptance status and accepts only the current version', async () => {
    const { token } = createUser({ username: 'alice' });
    const status = () => api('GET', '/api/TermsOfService/acceptance-status', { token });
    expect((await status()).json).toEqual({
      requiresAcceptance: false,
      hasAcceptedLatest: true,
      currentVersion: '1.0',
    });

    publishTermsVersion('1.1', '# New terms');
    expect((await api('GET', '/api/TermsOfService/current')).json.version).toBe('1.1');
    expect((await status()).json).toEqual({
      requiresAcceptance: true,
      hasAcceptedLatest: false,
      currentVersion: '1.1',
    });

    const old = await api('POST', '/api/TermsOfService/accept', {
      token,
      body: { version: '1.0' },
    });
    expect(old.status).toBe(409);
    const ok = await api('POST', '/api/TermsOfService/accept', { token, body: { version: '1.1' } });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ version: '1.1', acceptedAt: expect.any(String) });
    expect((await status()).json.requiresAcceptance).toBe(false);
    expect((await api('GET', '/api/TermsOfService/acceptance-status')).status).toBe(401);
  });

  it('refuses every write with 403 while acceptance is required, but keeps reads open', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const { user: bob } = createUser({ username: 'bob' });
    const own = createRumination({ authorId: user.id });
    publishTermsVersion('2.0');

    const writes = [
      api('POST', '/api/ruminations', { token, body: { content: 'Hi', publish: true } }),
      api('PUT', `/api/ruminations/${own.id}`, { token, body: { content: 'Hi', publish: true } }),
      api('DELETE', `/api/ruminations/${own.id}`, { token }),
      api('POST', '/api/comments', { token, body: { content: 'Hi', ruminationId: own.id } }),
      api('POST', '/api/UserRelations', { token, body: { userId: bob.id, relationType: 2 } }),
    ];
    for (const r of await Promise.all(writes)) {
      expect(r.status).toBe(403);
      expect(r.contentType).toContain('application/problem+json');
      expect(r.json).toMatchObject({ title: TOS_REQUIRED_TITLE, status: 403 });
    }
    expect((await api('GET', '/api/ruminations/my', { token })).status).toBe(200);
    expect((await api('GET', `/api/ruminations/${own.id}`, { token })).status).toBe(200);

    await api('POST', '/api/TermsOfService/accept', { token, body: { version: '2.0' } });
    const after = await api('POST', '/api/ruminations', {
      token,
      body: { content: 'Hi', publish: true },
    });
    expect(after.status).toBe(201);
  });
});
