import { ApiProblem } from '../../../src/api/problem';

/**
 * PostgreSQL cannot store U+0000 in text (SQLite can), so the same input would be a 5xx on one
 * database and accepted on the other. Refuse it on both, as bad input.
 */
export function requireStorableText(text: string, field = 'content'): string {
  if (text.includes('\u0000')) {
    throw new ApiProblem(400, 'Content must not contain NUL characters', undefined, {
      [field]: ['Must not contain NUL characters'],
    });
  }
  return text;
}
