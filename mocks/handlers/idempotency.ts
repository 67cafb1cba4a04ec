import { HttpResponse, type HttpResponseResolver, type PathParams } from 'msw';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_PROBLEMS,
  idempotencyKeyOf,
  REPLAYED_HEADER,
  requestFingerprint,
} from '../../src/api/idempotency-key';
import { ETAG_HEADER } from '../../src/api/preconditions';
import { ApiProblem, settle } from '../../src/api/problem';
import { optionalUser } from '../http';
import { findIdempotentAnswer, rememberIdempotentAnswer } from '../store/idempotent-answers';

/**
 * The server's `Idempotency-Key` (server/http/idempotency.ts), in memory, with the shared rules of
 * src/api/idempotency-key.ts: a repeat of a write with the same key and request answers the first
 * 2xx response and writes nothing; the same key with another request answers 422. Keys belong to
 * the caller. A replay carries the first answer's `ETag` too, as the server's does. First answers
 * are kept in the store with the data they wrote (`idempotentAnswers`,
 * mocks/store/idempotent-answers.ts), so a write the app resumes after a reload is answered, not
 * written twice; a write still running in this tab is waited for.
 */

type Resolver = HttpResponseResolver<PathParams>;

interface Answer {
  status: number;
  body: unknown;
  etag: string | null;
}

interface Running {
  request: string;
  answer: Promise<Answer | null>;
}

/** Writes still running in this tab, by caller and key. */
const running = new Map<string, Running>();

/** The body as the server hashes it: its JSON value (the text itself when it is not JSON). */
async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function storedAnswer(id: string): Running | undefined {
  const stored = findIdempotentAnswer(id);
  return stored && { request: stored.request, answer: Promise.resolve(stored) };
}

export function idempotent(resolver: Resolver): Resolver {
  return async (info) => {
    const header = info.request.headers.get(IDEMPOTENCY_KEY_HEADER);
    if (header === null) return resolver(info);
    const key = settle(idempotencyKeyOf(header));
    const id = `${optionalUser(info.request) ?? 'anonymous'}:${key}`;
    const url = new URL(info.request.url);
    const fingerprint = requestFingerprint(
      info.request.method,
      url.pathname,
      await bodyOf(info.request),
    );
    const known = running.get(id) ?? storedAnswer(id);
    if (known) {
      if (known.request !== fingerprint) throw ApiProblem.of(IDEMPOTENCY_PROBLEMS.reused);
      const first = await known.answer;
      if (first) {
        return HttpResponse.json(first.body as never, {
          status: first.status,
          headers: {
            [REPLAYED_HEADER]: 'true',
            ...(first.etag === null ? {} : { [ETAG_HEADER]: first.etag }),
          },
        });
      }
    }
    const run = Promise.resolve(resolver(info));
    const answer = run.then(
      async (response) =>
        response instanceof Response && response.ok
          ? {
              status: response.status,
              body: (await response.clone().json()) as unknown,
              etag: response.headers.get(ETAG_HEADER),
            }
          : null,
      () => null,
    );
    running.set(id, { request: fingerprint, answer });
    // A failed write keeps no key, so it may be retried with the same one.
    const first = await answer;
    running.delete(id);
    if (first !== null) rememberIdempotentAnswer({ id, request: fingerprint, ...first });
    return run;
  };
}
