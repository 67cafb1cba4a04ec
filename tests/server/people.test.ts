import { describe, expect, it } from 'vitest';
import { setUpTestApp } from './support/test-app';
import { call, person, relation, writeRumination } from './ruminations-support';

const t = setUpTestApp();

describe('GET /api/users/{id}', () => {
  it('returns the profile with the number of public ruminations, to anyone', async () => {
    const u = await person(t);
    const friend = await person(t);
    await relation(t.db, u, friend, 2, 'accepted');
    await writeRumination(t, u);
    await writeRumination(t, u);
    await writeRumination(t, u, { audiences: ['Friend'] });
    await writeRumination(t, u, { publish: false });
    for (const as of [null, friend, u]) {
      const res = await call(t, 'GET', `/api/users/${u.id}`, { as });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: u.id,
        username: u.username,
        displayName: u.username,
        bio: '',
        createTMS: expect.any(String),
        publicRuminationCount: 2,
      });
    }
  });

  it('counts zero for someone who wrote nothing public', async () => {
    const u = await person(t);
    await writeRumination(t, u, { publish: false });
    expect((await call(t, 'GET', `/api/users/${u.id}`)).json()).toMatchObject({
      publicRuminationCount: 0,
    });
  });

  it('answers 404 for unknown and not activated users, 400 for ids that are not ids', async () => {
    const inactive = await person(t, { active: false });
    expect((await call(t, 'GET', `/api/users/${inactive.id}`)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/users/999999')).statusCode).toBe(404);
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect((await call(t, 'GET', `/api/users/${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
