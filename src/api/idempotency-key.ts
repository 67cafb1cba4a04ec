import { allow, refuse, type Decision, type Refusal } from '../domain/decision';

/**
 * `Idempotency-Key` on writes (api-contract.md "Conventions"), as the server
 * (server/http/idempotency.ts) and the mock backend (mocks/handlers/idempotency.ts) both take it:
 * what a key looks like, what counts as the same request, and the problems answered.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** A response replayed from a stored key carries this header, set to `true`. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

export const IDEMPOTENCY_PROBLEMS = {
  malformed: {
    status: 400,
    title: 'The Idempotency-Key header is malformed',
    detail: 'Send 8 to 255 visible ASCII characters, e.g. a UUID.',
  },
  /** The same key with another method, path or body. */
  reused: { status: 422, title: 'This Idempotency-Key was already used for a different request' },
} as const satisfies Record<string, Refusal>;

/** The key of a header that was sent (white space around it does not count). */
export function idempotencyKeyOf(header: string): Decision<string> {
  const key = header.trim();
  return KEY_PATTERN.test(key) ? allow(key) : refuse(IDEMPOTENCY_PROBLEMS.malformed);
}

/** JSON with object keys sorted, so the same body reads the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests with one key the same request: the method, the path (ignoring case and
 * a trailing slash, as routing does) and the body's JSON (ignoring key order). The server stores
 * a hash of it.
 */
export function requestFingerprint(method: string, pathname: string, body: unknown): string {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return `${method.toUpperCase()} ${path}\n${canonicalJson(body)}`;
}
