import { z } from 'zod';
import { id, idInput, MAX_ID } from './common';
import { MEDIA_ALT_MAX, MEDIA_PER_NOTE_MAX } from './limits';
import { isStorableText, NOT_STORABLE_MESSAGE } from './text-rules';
import { MEDIA_VARIANTS } from './media-urls';

/** Wire schemas of the photo calls (api-contract.md "Photos"). */

/** 201 of POST /api/media: the upload's id and its stored size (upright, at most 2048 px). */
export const uploadedMedia = z.object({ id, width: z.number().int(), height: z.number().int() });
export type UploadedMedia = z.infer<typeof uploadedMedia>;

export const MEDIA_ALT_TOO_LONG = `Alt text must be at most ${MEDIA_ALT_MAX} characters`;
export const MEDIA_TOO_MANY = `A rumination holds at most ${MEDIA_PER_NOTE_MAX} photos`;

/** A photo as a rumination's create or update names it: one of the caller's uploads, and its alt. */
export const mediaRefInput = z.object({
  id: idInput,
  alt: z
    .string()
    .max(MEDIA_ALT_MAX, MEDIA_ALT_TOO_LONG)
    .refine(isStorableText, NOT_STORABLE_MESSAGE)
    .optional()
    .default(''),
});
export type MediaRefInput = z.input<typeof mediaRefInput>;
export type MediaRef = z.output<typeof mediaRefInput>;

/** `media` of a write: absent on an update keeps the photos the note has (clients of the spec send none). */
export const mediaListInput = z.array(mediaRefInput).max(MEDIA_PER_NOTE_MAX, MEDIA_TOO_MANY);

/** A photo as a rumination shows it, with URLs signed for the viewer who read it. */
export const ruminationMedia = z.object({
  id,
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type RuminationMedia = z.infer<typeof ruminationMedia>;

/**
 * A number in a photo's URL, taken only as signedMediaUrls writes it: decimal digits with no
 * leading zero, sign, fraction, exponent or space. Coercing took `viewer=01` or `expires=N.0` for
 * the URL signed with `1` and `N`: each URL had many spellings, every one a cache key of its own
 * and a way around anything that matches URLs as text. The server and the mock both parse here.
 */
function urlInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^(?:0|[1-9][0-9]{0,15})$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** GET /api/media/{id}/{variant}: the path's parts. */
export const mediaFetchParams = z.object({
  id: urlInteger(1, MAX_ID),
  variant: z.enum(MEDIA_VARIANTS),
});

/** ... and its query: the signer, the expiry (seconds since the epoch) and the signature. */
export const mediaFetchQuery = z.object({
  viewer: urlInteger(0, MAX_ID),
  expires: urlInteger(1, Number.MAX_SAFE_INTEGER),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export type MediaFetchQuery = z.output<typeof mediaFetchQuery>;
