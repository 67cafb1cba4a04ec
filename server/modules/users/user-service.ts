import type { Kysely } from 'kysely';
import type { UserProfile } from '../../../src/api/user-schemas';
import type { Database } from '../../db/schema';
import { HttpProblem } from '../../http/problem';
import { countPublicRuminations, findActiveUser } from './user-queries';

/** A profile anyone may read; accounts not yet activated do not exist to others. */
export async function getUserProfile(db: Kysely<Database>, id: number): Promise<UserProfile> {
  const user = await findActiveUser(db, id);
  if (!user) throw new HttpProblem(404, 'User not found');
  return {
    id: user.id,
    username: user.username,
    createTMS: user.create_tms,
    publicRuminationCount: await countPublicRuminations(db, user.id),
  };
}
