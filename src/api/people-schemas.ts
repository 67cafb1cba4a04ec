import { z } from 'zod';
import { idInput, timestamp, userRef } from './common';
import { USER_SEARCH_LIMIT_MAX, USER_SEARCH_MAX, USER_SEARCH_MIN } from './limits';

/** GET /api/users/{id} (api-contract.md "Ruminations", last paragraph). */
export const userProfile = z.object({
  ...userRef.shape,
  /** 0 to 300 characters, "" when unset (contract: "Names people recognise"). */
  bio: z.string(),
  createTMS: timestamp,
  publicRuminationCount: z.number().int().nonnegative(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userIdParams = z.object({ id: idInput });

/** GET /api/users/search (contract: "Beyond the spec", People). */
export {
  USER_SEARCH_LIMIT_DEFAULT,
  USER_SEARCH_LIMIT_MAX,
  USER_SEARCH_MAX,
  USER_SEARCH_MIN,
} from './limits';

export const userSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(USER_SEARCH_MIN, `Search for at least ${USER_SEARCH_MIN} characters`)
    .max(USER_SEARCH_MAX, `Search for at most ${USER_SEARCH_MAX} characters`),
  Limit: z.coerce.number().int().min(1).max(USER_SEARCH_LIMIT_MAX).optional(),
});
export type UserSearchQuery = z.output<typeof userSearchQuery>;

/** Activated users whose username or display name contains q (src/domain/people-search.ts). */
export const userSearchResults = z.array(userRef);
