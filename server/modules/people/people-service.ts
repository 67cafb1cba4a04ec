import type { Kysely } from 'kysely';
import {
  USER_SEARCH_LIMIT_DEFAULT,
  type UserProfile,
  type UserSearchQuery,
} from '../../../src/api/people-schemas';
import type { UserRef } from '../../../src/api/common';
import type { Database } from '../../db/schema';
import { settle } from '../../../src/api/problem';
import { decidePersonLookup } from '../../../src/domain/people-decisions';
import { foldForSearch } from '../../../src/domain/people-search';
import { countPublicRuminations, findActiveUser, searchActiveUsers } from './people-queries';

/** A profile anyone may read; accounts not yet activated do not exist to others. */
export async function getUserProfile(db: Kysely<Database>, id: number): Promise<UserProfile> {
  const user = settle(decidePersonLookup(await findActiveUser(db, id)));
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    bio: user.bio,
    createTMS: user.create_tms,
    publicRuminationCount: await countPublicRuminations(db, user.id),
  };
}

/**
 * People search (contract: People, "Names people recognise"): by username or display name, folded
 * as src/domain/people-search.ts folds them; the caller is left out; names only, never email.
 */
export async function searchUsers(
  db: Kysely<Database>,
  callerId: number,
  query: UserSearchQuery,
): Promise<UserRef[]> {
  const limit = query.Limit ?? USER_SEARCH_LIMIT_DEFAULT;
  return searchActiveUsers(db, foldForSearch(query.q), callerId, limit);
}
