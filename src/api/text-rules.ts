/**
 * Text is never silently changed (api-contract.md "Accounts"): a string holding an unpaired UTF-16
 * surrogate cannot be stored as UTF-8 (it would come back as U+FFFD), and PostgreSQL cannot store
 * U+0000 at all (SQLite can, so the same input would differ by database). Both are refused as bad
 * input wherever text is taken. zod-free, so that the server's JSON parsing can use it too.
 */

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

export const NOT_STORABLE_MESSAGE = 'Must not contain NUL characters or unpaired surrogates';
