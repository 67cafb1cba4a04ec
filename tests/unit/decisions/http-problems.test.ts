import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetPasswordRequest } from '../../../src/api/auth-schemas';
import {
  BODY_NOT_AN_OBJECT,
  bearerTokenOf,
  HTTP_PROBLEMS,
  inputProblem,
  MAX_BODY_BYTES,
  type InputPart,
} from '../../../src/api/http-problems';
import {
  IDEMPOTENCY_PROBLEMS,
  idempotencyKeyOf,
  requestFingerprint,
} from '../../../src/api/idempotency-key';
import { termsAcceptanceRequired, TOS_REQUIRED_TITLE } from '../../../src/api/terms-schemas';

/**
 * The problems of HTTP itself, which the server's request authentication and error handler and
 * the mock backend's plumbing both answer with.
 */

/** The problem of `value` against `schema`, as both sides build it from zod's issues. */
function problemOf(schema: z.ZodType, value: unknown, part: InputPart = 'body') {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the input to fail');
  return inputProblem(result.error.issues, part);
}

describe('the bearer token', () => {
  it('is none without a header or with a blank one', () => {
    expect(bearerTokenOf(undefined)).toEqual({ ok: true, value: null });
    expect(bearerTokenOf(null)).toEqual({ ok: true, value: null });
    expect(bearerTokenOf('  ')).toEqual({ ok: true, value: null });
  });

  it('is read from "Bearer <token>" in any case, with white space around', () => {
    expect(bearerTokenOf('Bearer abc.def')).toEqual({ ok: true, value: 'abc.def' });
    expect(bearerTokenOf('bearer   abc ')).toEqual({ ok: true, value: 'abc' });
  });

  it('answers 401 to any other header', () => {
    for (const header of ['Basic abc', 'Bearer', 'Bearer a b', 'abc']) {
      expect(bearerTokenOf(header), header).toEqual({
        ok: false,
        refusal: HTTP_PROBLEMS.invalidToken,
      });
    }
  });
});

describe('input that fails its schema', () => {
  it('names each missing field "<Field> is required", titled by the first message', () => {
    const problem = problemOf(resetPasswordRequest, { newPassword: 'a-fine-password' });
    expect(problem).toEqual({
      status: 400,
      title: 'Token is required',
      errors: {
        token: ['Token is required'],
        confirmPassword: ['Confirm password is required'],
      },
    });
  });

  it("keeps the schema's own messages and joins nested paths with dots", () => {
    const schema = z.object({ tags: z.array(z.string().max(2, 'Too long')) });
    expect(problemOf(schema, { tags: ['ok', 'long'] }).errors).toEqual({
      'tags.1': ['Too long'],
    });
  });

  it('says so when a body is no JSON object at all (absent, an array, a number)', () => {
    for (const value of [undefined, [1, 2], 42, null]) {
      expect(problemOf(resetPasswordRequest, value)).toEqual({
        status: 400,
        title: BODY_NOT_AN_OBJECT,
        errors: { body: [BODY_NOT_AN_OBJECT] },
      });
    }
  });

  it('titles the query and the path by where they are', () => {
    const schema = z.object({ id: z.coerce.number().int().positive() });
    expect(problemOf(schema, { id: 'x' }, 'querystring').title).toBe(
      'The query parameters are invalid',
    );
    expect(problemOf(schema, { id: '-1' }, 'params').title).toBe('The path parameters are invalid');
  });

  it('states the body limit it enforces', () => {
    expect(MAX_BODY_BYTES).toBe(64 * 1024);
    expect(HTTP_PROBLEMS.bodyTooLarge).toEqual({
      status: 413,
      title: 'The request body is too large (at most 64 KiB)',
    });
  });
});

describe('an Idempotency-Key', () => {
  it('is 8 to 255 visible ASCII characters, white space around it ignored', () => {
    expect(idempotencyKeyOf(' 0123abcd ')).toEqual({ ok: true, value: '0123abcd' });
    expect(idempotencyKeyOf('a'.repeat(255)).ok).toBe(true);
    for (const header of ['', 'short', 'a'.repeat(256), 'with space', 'ünïcödé-key']) {
      expect(idempotencyKeyOf(header), header).toEqual({
        ok: false,
        refusal: IDEMPOTENCY_PROBLEMS.malformed,
      });
    }
  });

  it("names the same request whatever the body's key order, the path's case or a trailing slash", () => {
    const first = requestFingerprint('POST', '/api/Ruminations/', { b: 1, a: [{ d: 2, c: 3 }] });
    expect(requestFingerprint('post', '/api/ruminations', { a: [{ c: 3, d: 2 }], b: 1 })).toBe(
      first,
    );
    expect(requestFingerprint('PUT', '/api/ruminations', { a: [{ c: 3, d: 2 }], b: 1 })).not.toBe(
      first,
    );
    expect(requestFingerprint('POST', '/api/ruminations', { b: 2 })).not.toBe(first);
  });
});

describe('a write before the current terms are accepted', () => {
  it('is a 403 that names the version to accept', () => {
    expect(termsAcceptanceRequired('1.1')).toEqual({
      status: 403,
      title: TOS_REQUIRED_TITLE,
      detail: 'Accept the Terms of Service (version 1.1) to continue.',
    });
  });
});
