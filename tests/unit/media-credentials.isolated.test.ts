import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../mocks/node';
import { MEDIA_SESSION_URL } from '../../src/api/media-session';
import { AuthSession } from '../../src/features/auth/auth-session';
import {
  forgetMediaCredentials,
  shareTokenWithWorker,
} from '../../src/features/photos/media-credentials';
import { clearToken, setToken } from '../../src/lib/token-storage';
import { withBearerToken } from '../../src/service-worker/media-credentials';
import { indexedDbMediaToken } from '../../src/service-worker/media-token-store';

/**
 * The credentials of the app's photo requests (api-contract.md "Photos"): the page leaves the
 * signed-in person's token for the service worker, which adds it to photo requests, and at
 * sign-out takes it back and asks the server to end the photo cookie. The real worker runs it in
 * tests/e2e/photos.spec.ts.
 */

const ORIGIN = 'https://ruminations.example';
const PHOTO = `${ORIGIN}/api/media/3/thumbnail?viewer=7&expires=1800000000&sig=abc`;
const workerToken = indexedDbMediaToken();

/** Authorization of each DELETE /api/media/session (null: none sent). */
let endings: (string | null)[] = [];

beforeEach(() => {
  endings = [];
  server.use(
    http.delete(`*${MEDIA_SESSION_URL}`, ({ request }) => {
      endings.push(request.headers.get('Authorization'));
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

afterEach(async () => {
  await forgetMediaCredentials(null);
  clearToken();
});

describe('the worker’s photo requests', () => {
  test('carry the token the page left, with everything else the <img> asked', async () => {
    await shareTokenWithWorker('token-1');
    expect(await workerToken()).toBe('token-1');
    const img = new Request(PHOTO, {
      mode: 'no-cors',
      credentials: 'include',
      headers: { Accept: 'image/webp,*/*' },
    });
    const sent = withBearerToken(img, await workerToken());
    expect(sent.url).toBe(PHOTO);
    expect(sent.method).toBe('GET');
    expect(sent.headers.get('Authorization')).toBe('Bearer token-1');
    expect(sent.headers.get('Accept')).toBe('image/webp,*/*');
    // A no-cors request cannot carry Authorization: the copy is same-origin, its cookies as asked.
    expect(sent.mode).toBe('same-origin');
    expect(sent.credentials).toBe('include');
    expect(withBearerToken(new Request(PHOTO, { credentials: 'omit' }), 'x').credentials).toBe(
      'omit',
    );
  });

  test('go as they are with no token, or with an Authorization of their own', async () => {
    expect(await workerToken()).toBeNull();
    const img = new Request(PHOTO);
    expect(withBearerToken(img, await workerToken())).toBe(img);
    const own = new Request(PHOTO, { headers: { Authorization: 'Bearer page-token' } });
    expect(withBearerToken(own, 'token-1')).toBe(own);
  });
});

describe('signing in and out', () => {
  test('sign-in tells the worker; sign-out takes it back and ends the photo cookie, once', async () => {
    const session = new AuthSession();
    session.signIn({
      accessToken: 'token-a',
      requiresTosAcceptance: false,
      latestTosVersion: null,
    });
    await vi.waitFor(async () => expect(await workerToken()).toBe('token-a'));

    session.signOut();
    await vi.waitFor(async () => expect(await workerToken()).toBeNull());
    await vi.waitFor(() => expect(endings).toEqual(['Bearer token-a']));
    // The app's listener runs the sign-out tasks again once the token is gone: nothing twice.
    await session.runSignOutTasks();
    expect(endings).toEqual(['Bearer token-a']);
  });

  test('a session the server ended (the token dropped without Sign Out) lets go of them too', async () => {
    const session = new AuthSession();
    session.signIn({
      accessToken: 'token-b',
      requiresTosAcceptance: false,
      latestTosVersion: null,
    });
    await vi.waitFor(async () => expect(await workerToken()).toBe('token-b'));
    // While the token still works (Sign out everywhere runs them first), nothing is let go.
    await session.runSignOutTasks();
    expect(await workerToken()).toBe('token-b');
    expect(endings).toEqual([]);

    clearToken();
    await session.runSignOutTasks();
    expect(await workerToken()).toBeNull();
    expect(endings).toEqual([null]);
  });

  test('a start of the app with a session tells the worker its token', async () => {
    setToken('token-c');
    new AuthSession();
    await vi.waitFor(async () => expect(await workerToken()).toBe('token-c'));
  });
});
