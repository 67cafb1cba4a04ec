import { z } from 'zod';
import { AUDIENCE_NAMES } from '../domain/relation-types';
import { EMAIL_DIGESTS, PUSH_KINDS } from '../domain/preferences';
import { audienceInput } from './rumination-schemas';

/**
 * GET and PUT /api/account/preferences (contract: "Names people recognise"): who reads new notes
 * by default, the email digest, and which kinds of notification reach a device by push. The rules
 * (defaults, how a PUT of a subset merges) are src/domain/preferences.ts.
 */

export { EMAIL_DIGESTS, PUSH_KINDS } from '../domain/preferences';

export const pushPreferences = z.object(
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    (typeof PUSH_KINDS)[number],
    z.ZodBoolean
  >,
);

export const preferences = z.object({
  /** Audience names ("Friend"), in type order; [] is public; null is "ask each time". */
  defaultAudiences: z.array(z.enum(AUDIENCE_NAMES)).nullable(),
  emailDigest: z.enum(EMAIL_DIGESTS),
  push: pushPreferences,
});
export type Preferences = z.infer<typeof preferences>;

/** A PUT may send any subset; audiences by name or number, duplicates dropped; null asks again. */
export const updatePreferencesRequest = z.object({
  defaultAudiences: z.array(audienceInput).max(12).nullable().optional(),
  emailDigest: z.enum(EMAIL_DIGESTS).optional(),
  push: pushPreferences.partial().optional(),
});
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesRequest>;
export type PreferencesUpdate = z.output<typeof updatePreferencesRequest>;
