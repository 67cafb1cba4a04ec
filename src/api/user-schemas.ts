import { z } from 'zod';
import { id, idInput, timestamp } from './common';

/** GET /api/users/{id} (api-contract.md "Ruminations", last paragraph). */
export const userProfile = z.object({
  id,
  username: z.string(),
  createTMS: timestamp,
  publicRuminationCount: z.number().int().nonnegative(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userIdParams = z.object({ id: idInput });
