import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from './support/test-app';
import { call, idsOf, person, writeRumination, type Person } from './ruminations-support';

/**
 * A query string whose percent-escapes are not UTF-8 is refused with 400, as a body that is not
 * UTF-8 is: decoding it would put U+FFFD in place of the bytes and search, or page, for something
 * nobody sent (docs/operations.md: text is never silently changed).
 */

const t = setUpTestApp();
let me: Person;
let cafe: number;

beforeAll(async () => {
  me = await person(t);
  cafe = (await writeRumination(t, me, { content: 'Morning at the café' })).id;
});

describe('query strings that are not UTF-8', () => {
  it.each([
    ['a lone byte', '/api/ruminations/my?q=caf%E9'],
    ['a byte that never starts a character', '/api/ruminations/my?q=%FF'],
    ['a cut sequence', '/api/ruminations/my?q=%E2%82'],
    ['an encoded surrogate', '/api/ruminations/my?q=%ED%A0%80'],
    ['an overlong form', '/api/ruminations/my?q=%C0%AF'],
    ['a bad second byte', '/api/ruminations/public?Limit=%C3%28'],
    ['a parameter name', '/api/ruminations/feed?%FF=1'],
  ])('are refused with 400: %s', async (_what, url) => {
    const res = await call(t, 'GET', url, { as: me });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, title: 'The query string is not valid UTF-8' });
  });

  it('are refused before anything else is asked (no token needed to hear it)', async () => {
    const res = await call(t, 'GET', '/api/ruminations/my?q=%FF');
    expect(res.statusCode).toBe(400);
  });

  it('leave UTF-8 and text that is not an escape as they were', async () => {
    expect(idsOf(await call(t, 'GET', '/api/ruminations/my?q=caf%C3%A9', { as: me }))).toEqual([
      cafe,
    ]);
    expect(
      idsOf(await call(t, 'GET', '/api/ruminations/my?q=caf%c3%a9+morning', { as: me })),
    ).toEqual([cafe]);
    // A % that starts no escape is a character, as before.
    for (const url of [
      '/api/ruminations/my?q=100%',
      '/api/ruminations/my?q=%zz',
      '/api/ruminations/my?q=%',
    ]) {
      expect((await call(t, 'GET', url, { as: me })).statusCode, url).toBe(200);
    }
  });
});
