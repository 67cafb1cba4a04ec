import { z } from 'zod';

/** Wire schemas of tags beyond the rumination shape (api-contract.md "Habits of a shared journal"). */

/** GET /api/account/tags: the caller's own tags, most used first, then by tag. */
export const tagCount = z.object({ tag: z.string(), count: z.number().int().positive() });
export type TagCount = z.infer<typeof tagCount>;
export const tagCountList = z.array(tagCount);
