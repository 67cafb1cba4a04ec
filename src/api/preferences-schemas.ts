import { z } from 'zod';
import { LANGUAGES } from './languages';
import { AUDIENCE_NAMES } from '../domain/relation-types';
import { EMAIL_DIGESTS, PUSH_KINDS, WEEKDAYS } from '../domain/preferences';
import { canonicalTimeZone, isWallTime } from '../domain/local-days';
import { audienceInput } from './rumination-schemas';

/**
 * GET and PUT /api/account/preferences (contract: "Names people recognise"): who reads new notes
 * by default, the email digest, which kinds of notification reach a device by push, and the
 * language (contract: "Languages"). The rules (defaults, how a PUT of a subset merges) are
 * src/domain/preferences.ts.
 */

export { EMAIL_DIGESTS, PUSH_KINDS } from '../domain/preferences';

export const pushPreferences = z.object(
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    (typeof PUSH_KINDS)[number],
    z.ZodBoolean
  >,
);

const weekday = z
  .number()
  .int()
  .min(0)
  .max(WEEKDAYS.length - 1);
const wallTime = z.string().refine(isWallTime, 'Expected a time HH:MM, 00:00 to 23:59');

export const reminder = z.object({
  /** 'HH:MM' in the person's zone; null is no reminder. */
  time: wallTime.nullable(),
  /** Weekdays it rings on, 0 Sunday, each once in order. */
  days: z.array(weekday),
});

export const preferences = z.object({
  /** Audience names ("Friend"), in type order; [] is public; null is "ask each time". */
  defaultAudiences: z.array(z.enum(AUDIENCE_NAMES)).nullable(),
  emailDigest: z.enum(EMAIL_DIGESTS),
  push: pushPreferences,
  /** IANA name; "UTC" until the app or the person sets it (contract: "Memories"). */
  timeZone: z.string(),
  reminder,
  /** The language chosen in Settings; null (the default) follows the browser. */
  language: z.enum(LANGUAGES).nullable(),
});
export type Preferences = z.infer<typeof preferences>;

/** A PUT may send any subset; audiences by name or number, duplicates dropped; null asks again. */
export const updatePreferencesRequest = z.object({
  defaultAudiences: z.array(audienceInput).max(12).nullable().optional(),
  emailDigest: z.enum(EMAIL_DIGESTS).optional(),
  push: pushPreferences.partial().optional(),
  /** Any spelling Intl knows; stored and answered canonical ("europe/madrid" is "Europe/Madrid"). */
  timeZone: z
    .string()
    .transform((name, ctx) => {
      const canonical = canonicalTimeZone(name);
      if (canonical === null) {
        ctx.addIssue({ code: 'custom', message: 'Unknown time zone' });
        return z.NEVER;
      }
      return canonical;
    })
    .optional(),
  /** Either field alone changes only itself. */
  reminder: z
    .object({ time: wallTime.nullable().optional(), days: z.array(weekday).max(7).optional() })
    .optional(),
  /** null: back to following the browser. */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesRequest>;
export type PreferencesUpdate = z.output<typeof updatePreferencesRequest>;
