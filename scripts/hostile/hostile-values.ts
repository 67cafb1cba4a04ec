/**
 * The hostile values of `npm run fuzz`: strings, numbers and times no client should send, JSON of
 * any shape, odd query strings, and text from all of Unicode.
 */
import { chance, pick, random } from './fuzz-random';

/**
 * Names that could pass for another or show nothing (contract: "Names people recognise"): refused
 * as display names with 400, never a 5xx; the last two are real names that must pass.
 */
const NAME_STRINGS = [
  '[deleted account]',
  '[Deleted Account]\u200B',
  '\u200B\u200B',
  '\u3164',
  '\u2800',
  '\u2066Ana',
  'Ana\u2028Admin',
  'Ana\u{E0041}\u{E007F}',
  '\u0301',
  '👩\u200D👩\u200D👧 Family',
  'مهر\u200Cناز',
];

export const STRINGS = [
  ...NAME_STRINGS,
  '',
  ' ',
  'a',
  'a\ud800b',
  '\udc00',
  'nul\u0000byte',
  '\u202eevil',
  '😀'.repeat(50),
  'x'.repeat(5001),
  'y'.repeat(70_000),
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${7*7}',
  '{{7*7}}',
  '\\',
  'Zoë',
  'שלום',
];
/** writtenTMS: believable, too old, ahead, and not a time at all. */
export const WRITTEN_TIMES = [
  new Date(Date.now() - 3_600_000).toISOString(),
  new Date(Date.now() - 40 * 86_400_000).toISOString(),
  new Date(Date.now() + 3_600_000).toISOString(),
  '2026-02-30T25:61:00Z',
  'yesterday',
  '',
];
const NUMBERS = [0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 1, -0, Number.POSITIVE_INFINITY, Number.NaN];
export const AUDIENCES = [
  'Friend',
  'Family',
  'BestFriend',
  'Partner',
  'Therapist',
  'Enemy',
  3,
  99,
  -1,
];

/** A value of any JSON type, sometimes nested deep. */
function anyValue(depth = 0): unknown {
  const kind = Math.floor(random() * (depth > 3 ? 6 : 9));
  switch (kind) {
    case 0:
      return pick(STRINGS);
    case 1:
      return pick(NUMBERS);
    case 2:
      return chance(0.5);
    case 3:
      return null;
    case 4:
      return undefined;
    case 5:
      return String(Math.floor(random() * 1000));
    case 6:
      return [anyValue(depth + 1), anyValue(depth + 1)];
    case 7:
      return {
        __proto__: { admin: true },
        constructor: { prototype: { x: 1 } },
        v: anyValue(depth + 1),
      };
    default:
      return { a: anyValue(depth + 1), b: [anyValue(depth + 1)] };
  }
}

/** A plausible body with some fields replaced by anything. */
export function mutate(body: Record<string, unknown>): unknown {
  if (chance(0.05)) return anyValue();
  const copy: Record<string, unknown> = { ...body };
  for (const key of Object.keys(copy)) if (chance(0.35)) copy[key] = anyValue();
  if (chance(0.2)) delete copy[pick(Object.keys(copy))];
  if (chance(0.1)) copy[pick(['extra', 'isAdmin', 'authorId', 'createdBy'])] = anyValue();
  return copy;
}

export function oddQuery(names: string[]): string {
  const parts = names
    .filter(() => chance(0.6))
    .map((name) => {
      const shown = chance(0.2) ? name.toUpperCase() : name;
      const value = pick([
        'true',
        'false',
        'maybe',
        '-1',
        '0',
        '1e9',
        '20',
        'abc',
        '',
        '%ff',
        '1&1',
        // Search words that are query syntax to FTS5 or tsquery, and the export formats.
        '"a',
        'NEAR(a b)',
        "a:* & 'b",
        'json',
        'markdown',
      ]);
      return `${shown}=${encodeURIComponent(value)}`;
    });
  if (chance(0.1)) parts.push('Limit=1&Limit=2');
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Characters where JavaScript, SQLite's unicode61 tokenizer and PostgreSQL's parser have told words
 * apart differently (a word that one split and another did not made `q` answer 500), and others
 * that change under folding or join with their neighbours.
 */
const UNICODE_DICTIONARY = [
  ...['\u19B0', '\u19B5', '\u19C0', '\u19C8', '\u19C9', '\u1CF2', '\u1CF3'],
  ...['²', '¼', '\u09F4', '\u{10D40}', '\u{16FF4}', '\u{F0000}', '\uE000'],
  ...['ς', 'ſ', 'µ', 'ẛ', 'İ', 'ß', 'ﬁ', '\u0345', '\u093F', '\u0301', '\u0E31'],
  ...['\u200D', '\u00AD', '\uFEFF', '\u3000', '가', '\u1100\u1161', '😀', '👩\u200D👧'],
];

/** One code point of any kind: from the dictionary, the first planes (most scripts), or anywhere. */
function unicodeCharacter(): string {
  for (;;) {
    if (chance(0.25)) return pick(UNICODE_DICTIONARY);
    const code = Math.floor(random() * (chance(0.7) ? 0x30000 : 0x110000));
    // NUL and lone surrogates are refused before any search (hostile STRINGS cover them).
    if (code !== 0 && (code < 0xd800 || code > 0xdfff)) return String.fromCodePoint(code);
  }
}

/** A few words of Unicode, with Latin letters between (where a split shows), 1 to ~60 characters. */
export function unicodeText(): string {
  const word = () =>
    Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
      chance(0.6) ? unicodeCharacter() : pick(['a', 'e', 'x', '7']),
    ).join('');
  return Array.from({ length: 1 + Math.floor(random() * 5) }, word).join(pick([' ', '-', '.', '']));
}
