/** Sending a generated request, and what its answer must never be. */
import type { Generated } from './fuzz-world';

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node_modules|\/server\/|\.ts:\d+/;
const SQL_TEXT =
  /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set|where)\b|SQLITE_|syntax error at or near|relation "[^"]+" does not exist|violates (foreign key|unique) constraint|better-sqlite3/i;

export interface Failure {
  request: Generated;
  status: number | string;
  body: string;
}

/** What a request that got no answer is counted as: timed out, or failed otherwise. */
export function unanswered(error: unknown): 'timeout' | 'error' {
  return error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error';
}

export async function send(
  baseURL: string,
  g: Generated,
): Promise<{ status: number | 'timeout' | 'error'; body: string }> {
  const headers: Record<string, string> = { ...g.headers };
  let body: BodyInit | undefined;
  if (g.raw) body = new Uint8Array(g.raw);
  else if (g.body !== undefined) {
    body = JSON.stringify(g.body);
    headers['content-type'] = 'application/json';
  }
  try {
    const res = await fetch(`${baseURL}${g.path}`, {
      method: g.method,
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text() };
  } catch (error) {
    return { status: unanswered(error), body: String(error) };
  }
}

/** No answer, a 5xx, or an error answer that leaks a stack trace or SQL. */
export function isBadAnswer(status: number | string, body: string): boolean {
  // A 2xx may hold any text people wrote (a note about SQL is fine); an error must not leak.
  const leaks =
    typeof status === 'number' && status >= 400 && (STACK_TRACE.test(body) || SQL_TEXT.test(body));
  return typeof status !== 'number' || status >= 500 || leaks;
}
