import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../mocks/node';
import {
  ApiError,
  api,
  requireToken,
  responseToApiError,
  withDefaultError,
} from '../../src/lib/http';
import { setToken } from '../../src/lib/token-storage';

const DEFAULT = 'Failed to fetch my ruminations';

function answer(response: () => Response) {
  server.use(http.get('*/api/probe', response));
}

async function failureOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

const probe = () => withDefaultError(DEFAULT, () => api.get('probe').json());

describe('error mapping of the HTTP client', () => {
  test('uses the server message when the body has one', async () => {
    answer(() =>
      HttpResponse.json({ message: 'Rumination is locked', title: 'Conflict' }, { status: 409 }),
    );
    const error = await failureOf(probe);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Rumination is locked', status: 409 });
  });

  test('uses the problem title and keeps the problem details', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Content is required',
      status: 400,
      errors: { content: ['Content is required'] },
    };
    answer(() =>
      HttpResponse.json(problem, {
        status: 400,
        headers: { 'Content-Type': 'application/problem+json' },
      }),
    );
    const error = await failureOf(probe);
    expect(error).toMatchObject({ message: 'Content is required', status: 400, problem });
  });

  test('falls back to the status text when the body says nothing', async () => {
    answer(() => new HttpResponse('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(await failureOf(probe)).toMatchObject({ message: 'Bad Gateway', status: 502 });
  });

  test('falls back to the caller default without message, title or status text', async () => {
    // MSW always fills in a status text, so this case is checked on a bare Response.
    const error = await responseToApiError(
      new Response(null, { status: 500, statusText: '' }),
      DEFAULT,
    );
    expect(error).toMatchObject({ message: DEFAULT, status: 500 });
    const blank = await responseToApiError(
      Response.json({ message: '  ', title: '' }, { status: 418, statusText: '' }),
      DEFAULT,
    );
    expect(blank).toMatchObject({ message: DEFAULT, status: 418 });
  });

  test('a network failure also gets the caller default', async () => {
    answer(() => HttpResponse.error());
    expect(await failureOf(probe)).toMatchObject({ message: DEFAULT, status: 0 });
  });

  test('sends the stored token as a bearer token, and none when signed out', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/probe', ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.get('probe').json();
    setToken('abc.def');
    await api.get('probe').json();
    expect(seen).toEqual([null, 'Bearer abc.def']);
  });

  test('never retries a failed call itself', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/probe', () => {
        calls += 1;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    await failureOf(probe);
    expect(calls).toBe(1);
  });
});

describe('requireToken', () => {
  test('says there is no token when signed out, and the error passes through unchanged', async () => {
    expect(() => requireToken()).toThrow('No authentication token available');
    const error = await failureOf(() =>
      withDefaultError(DEFAULT, async () => {
        requireToken();
        return api.get('probe').json();
      }),
    );
    expect(error).toMatchObject({ message: 'No authentication token available' });
  });

  test('returns the stored token', () => {
    setToken('t-1');
    expect(requireToken()).toBe('t-1');
  });
});

describe("the first page's early request (index.html starts it before the app loads)", () => {
  // A page that opened a moment ago: early answers are dropped 15 s after it opened
  // (early-requests.ts), and a test worker that has run other files may be older than that.
  beforeEach(() => vi.spyOn(performance, 'now').mockReturnValue(1_000));
  afterEach(() => vi.restoreAllMocks());

  const early = (authorization: string | null, body: Record<string, string>) => {
    window.__earlyRequests = [
      {
        url: `${window.location.origin}/api/probe?Limit=20`,
        authorization,
        response: Promise.resolve(HttpResponse.json(body)),
      },
    ];
  };
  const get = () => api.get('probe', { searchParams: { Limit: 20 } }).json();

  test('answers the same request with the early answer, once; the next one asks the server', async () => {
    answer(() => HttpResponse.json({ from: 'server' }));
    early(null, { from: 'early' });
    expect(await get()).toEqual({ from: 'early' });
    expect(await get()).toEqual({ from: 'server' });
  });

  test('is not used for another token, another URL, or an early request that failed', async () => {
    answer(() => HttpResponse.json({ from: 'server' }));
    setToken('token-b');
    early('Bearer token-a', { from: 'early' });
    expect(await get()).toEqual({ from: 'server' });
    early('Bearer token-b', { from: 'early' });
    expect(await api.get('probe', { searchParams: { Limit: 50 } }).json()).toEqual({
      from: 'server',
    });
    window.__earlyRequests = [
      {
        url: `${window.location.origin}/api/probe?Limit=20`,
        authorization: 'Bearer token-b',
        response: Promise.reject(new TypeError('Failed to fetch')),
      },
    ];
    expect(await get()).toEqual({ from: 'server' });
    window.__earlyRequests = undefined;
  });
});
