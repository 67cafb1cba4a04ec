import { z } from 'zod';

/**
 * `?token=` of the emailed links. The router parses search values as JSON, so an all-digit token
 * arrives as a number; anything unusable becomes "no token", which the screens explain.
 */
export const tokenSearch = z.object({
  token: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim() || undefined)
    .optional()
    .catch(undefined),
});
