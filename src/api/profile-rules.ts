import { z } from 'zod';
import { displayNameFault, type DisplayNameFault } from '../domain/display-name-rules';
import { ERASED_ACCOUNT_NAME } from '../domain/erased-account';
import { BIO_MAX, DISPLAY_NAME_MAX } from './limits';
import { isStorableText, NOT_STORABLE_MESSAGE } from './text-rules';

/**
 * What a display name and a bio must be (contract: "Names people recognise"): any script, emoji
 * included, stored NFC-normalised so that "José" typed on two keyboards is one name. Lengths count
 * characters (code points), not UTF-16 units, so an emoji is one.
 */

export { BIO_MAX, DISPLAY_NAME_MAX } from './limits';

/** C0 and C1 control characters, DEL included (a name is one line: no tab or newline either). */
const CONTROL = /\p{Cc}/u;
/** A bio may keep line breaks and tabs; nothing else that controls. */
const CONTROL_BUT_LINES = /(?![\n\r\t])\p{Cc}/u;

export const DISPLAY_NAME_REQUIRED = 'Display name is required';
export const DISPLAY_NAME_TOO_LONG = `Display name must be at most ${DISPLAY_NAME_MAX} characters`;
export const NAME_CONTROL_MESSAGE = 'Must not contain control characters';
/** A name that cannot pass for another or show nothing (src/domain/display-name-rules.ts). */
export const DISPLAY_NAME_FAULT_MESSAGES: Readonly<Record<DisplayNameFault, string>> = {
  hiddenControls:
    'Display name must not contain direction controls, line separators or tag characters',
  showsNothing: 'Display name must contain a visible letter, digit or symbol',
  readsAsErased: `Display name cannot be "${ERASED_ACCOUNT_NAME}"`,
};
export const BIO_TOO_LONG = `Bio must be at most ${BIO_MAX} characters`;

/** Characters as a person counts them (code points: an emoji is one, not two). */
export function characterCount(text: string): number {
  return [...text].length;
}

export const displayName = z
  .string()
  .trim()
  .refine(isStorableText, NOT_STORABLE_MESSAGE)
  .transform((name) => name.normalize('NFC'))
  .pipe(
    z
      .string()
      .min(1, DISPLAY_NAME_REQUIRED)
      .refine((name) => characterCount(name) <= DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG)
      .refine((name) => !CONTROL.test(name), NAME_CONTROL_MESSAGE)
      .superRefine((name, ctx) => {
        const fault = displayNameFault(name);
        if (fault !== null)
          ctx.addIssue({ code: 'custom', message: DISPLAY_NAME_FAULT_MESSAGES[fault] });
      }),
  );

export const bio = z
  .string()
  .trim()
  .refine(isStorableText, NOT_STORABLE_MESSAGE)
  .transform((text) => text.normalize('NFC'))
  .pipe(
    z
      .string()
      .refine((text) => characterCount(text) <= BIO_MAX, BIO_TOO_LONG)
      .refine((text) => !CONTROL_BUT_LINES.test(text), NAME_CONTROL_MESSAGE),
  );

/** PUT /api/account/profile: both fields, as the Settings → Profile form sends them. */
export const updateProfileRequest = z.object({ displayName, bio });
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;
