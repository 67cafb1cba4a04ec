import type { ProblemDetails } from './common';
import { sayInEnglish, type Say } from './say';

/**
 * The shared layer's finished English (a problem's title, a field's message, an import's error,
 * a success's `message`) in a language, where it reaches people: the server and the mock backend
 * answer it in the request's language, and the SPA shows what an older server or the mock sent.
 * A sentence is looked up whole (its id is the English's: src/api/english-messages.ts); the few
 * that carry a value (a version, a file's name, a number of seconds) are found again by their
 * English template, FILLED_SENTENCES, and said anew with their values.
 */

/**
 * Sentences the shared layer and the server write with a value in them, as ICU templates: each
 * must read, filled, exactly as the code writes it, or it stays English. scripts/i18n/
 * shared-strings.ts lists them for the catalogues; tests/unit/shared-words-languages.test.ts
 * checks they are there, tests/server/languages.test.ts one answered in Spanish ("No route").
 */
export const FILLED_SENTENCES = [
  // src/api/terms-schemas.ts, src/domain/terms-decisions.ts
  'Accept the Terms of Service (version {version}) to continue.',
  'The current version is {version}.',
  // server/http/rate-limit.ts, server/http/error-handler.ts
  'Try again in {seconds} seconds.',
  'No route for {method} {path}',
  // src/domain/journal-import-entries.ts, src/domain/journal-import.ts: an import's errors
  'This entry has {count} photos; a note holds at most {max}',
  'Its photo {file} is not in the file',
  'Its photo {file}: {why}',
  '{name} expands to more than the zip says it holds: the file was refused (a zip bomb?)',
] as const;

interface Filled {
  template: string;
  pattern: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FILLED: readonly Filled[] = FILLED_SENTENCES.map((template) => {
  const names: string[] = [];
  const parts = template.split(/\{(\w+)\}/);
  const source = parts
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.*?)';
    })
    .join('');
  return { template, pattern: new RegExp(`^${source}$`, 's'), names };
});

/**
 * `english` in `inLanguage`'s language: the sentence whole, else a filled sentence said anew with
 * its values (themselves said again: "Its photo a.jpg: This image cannot be read"), else as it is
 * (a name, a path, something no catalogue holds).
 */
export function sayAgain(english: string, inLanguage: Say): string {
  if (inLanguage === sayInEnglish || english === '') return english;
  const whole = inLanguage(english);
  if (whole !== english) return whole;
  for (const { template, pattern, names } of FILLED) {
    const match = pattern.exec(english);
    if (match === null) continue;
    const values = Object.fromEntries(
      names.map((name, index) => [name, sayAgain(match[index + 1] ?? '', inLanguage)]),
    );
    return inLanguage(template, values);
  }
  return english;
}

/** A problem's words (title, detail, each field's messages) in `inLanguage`'s language. */
export function problemIn(problem: ProblemDetails, inLanguage: Say): ProblemDetails {
  if (inLanguage === sayInEnglish) return problem;
  const { title, detail, errors } = problem;
  return {
    ...problem,
    title: sayAgain(title, inLanguage),
    ...(detail !== undefined ? { detail: sayAgain(detail, inLanguage) } : {}),
    ...(errors !== undefined
      ? {
          errors: Object.fromEntries(
            Object.entries(errors).map(([field, messages]) => [
              field,
              messages.map((message) => sayAgain(message, inLanguage)),
            ]),
          ),
        }
      : {}),
  };
}
