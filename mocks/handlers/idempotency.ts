import { ApiProblem } from '../../src/api/problem';
import { HttpResponse, type HttpResponseResolver, type PathParams } from 'msw';
import { optionalUser } from '../http';

/**
 * The server's `Idempotency-Key` (server/http/idempotency.ts), in memory: a repeat of a write with
 * the same key and request answers the first 2xx response and writes nothing; the same key with
 * another request answers 422. Keys belong to the caller. Forgotten when the page reloads, which is
 * enough for a demo.
 */

type Resolver = HttpResponseResolver<PathParams>;

interface Stored {
  request: string;
  answer: Promise<{ status: number; body: unknown } | null>;
}

const keys = new Map<string, Stored>();

export const KEY_REUSED_TITLE = 'This Idempotency-Key was already used for a different request';

export function idempotent(resolver: Resolver): Resolver {
  return async (info) => {
    const key = info.request.headers.get('Idempotency-Key');
    if (key === null) return resolver(info);
    const id = `${optionalUser(info.request) ?? 'anonymous'}:${key}`;
    const url = new URL(info.request.url);
    const fingerprint = `${info.request.method} ${url.pathname}\n${await info.request.clone().text()}`;
    const known = keys.get(id);
    if (known) {
      if (known.request !== fingerprint) throw new ApiProblem(422, KEY_REUSED_TITLE);
      const first = await known.answer;
      if (first) {
        return HttpResponse.json(first.body as never, {
          status: first.status,
          headers: { 'Idempotent-Replayed': 'true' },
        });
      }
    }
    const run = Promise.resolve(resolver(info));
    const answer = run.then(
      async (response) =>
        response instanceof Response && response.ok
          ? { status: response.status, body: (await response.clone().json()) as unknown }
          : null,
      () => null,
    );
    keys.set(id, { request: fingerprint, answer });
    // A failed write keeps no key, so it may be retried with the same one.
    if ((await answer) === null) keys.delete(id);
    return run;
  };
}
