import path from 'node:path';
import { z } from 'zod';

/**
 * The kinds of value an environment variable holds, as zod schemas: each setting in
 * app-settings.ts is one of these with its own default, bounds and words, so that two settings of
 * a kind are read, and explained when wrong, alike.
 */

/** A blank variable counts as unset (`FOO=` in an env file): its default applies. */
const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `schema` read from a variable that may be blank (then unset). */
export function unlessBlank<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess(emptyAsUndefined, schema);
}

/** Any text; `fallback` when unset. */
export function text(fallback: string) {
  return unlessBlank(z.string().default(fallback));
}

/** A folder, made absolute against the working directory at start; `fallback` when unset. */
export function folder(fallback: string) {
  return text(fallback).transform((dir) => path.resolve(dir));
}

/** Any text, or undefined when unset. */
export const optionalText = unlessBlank(z.string().optional());

/** Text that must match `pattern` (`message` says how), or undefined when unset. */
export function optionalMatching(pattern: RegExp, message: string) {
  return unlessBlank(z.string().regex(pattern, message).optional());
}

/** true/false, 1/0, yes/no or on/off; `fallback` when unset. */
export function booleanFlag(fallback: boolean) {
  return unlessBlank(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
        message: 'must be true or false',
      })
      .transform((v) => ['true', '1', 'yes', 'on'].includes(v))
      .default(fallback),
  );
}

interface WholeNumberOptions {
  /** What it counts, for "must be a number of ...": MB, seconds. */
  of?: string;
  /** Said after the maximum in its message: "must be at most 86400000 (a day)". */
  maxNote?: string;
  /** Zod's own messages for a fraction and the bounds: what these variables have always said. */
  zodBoundMessages?: boolean;
}

/** A whole number from `min` to `max`, `fallback` when unset; a wrong one is told its bounds. */
export function wholeNumberSetting(
  min: number,
  max: number,
  fallback: number,
  { of, maxNote, zodBoundMessages = false }: WholeNumberOptions = {},
) {
  const ours = (message: string) => (zodBoundMessages ? undefined : message);
  return unlessBlank(
    z.coerce
      .number({ message: of === undefined ? 'must be a number' : `must be a number of ${of}` })
      .int(ours('must be a whole number'))
      .min(min, ours(`must be at least ${min}`))
      .max(max, ours(`must be at most ${max}${maxNote === undefined ? '' : ` ${maxNote}`}`))
      .default(fallback),
  );
}

/** A whole number of milliseconds from `min` to `max`, `fallback` when unset. */
export function millisecondsSetting(
  min: number,
  max: number,
  fallback: number,
  options: Omit<WholeNumberOptions, 'of'> = {},
) {
  return wholeNumberSetting(min, max, fallback, { ...options, of: 'milliseconds' });
}

/**
 * A comma-separated list, blank items skipped, each trimmed and read by `itemOf` (null: not
 * valid); the list is refused at its first invalid item, `complaint` naming it.
 */
export function commaList(
  itemOf: (item: string) => string | null,
  complaint: (item: string) => string,
) {
  return unlessBlank(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const items: string[] = [];
        for (const raw of (value ?? '').split(',')) {
          const item = raw.trim();
          if (item === '') continue;
          const read = itemOf(item);
          if (read === null) {
            ctx.addIssue({ code: 'custom', message: complaint(item) });
            return z.NEVER;
          }
          items.push(read);
        }
        return items;
      }),
  );
}
