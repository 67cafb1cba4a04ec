import { HttpResponse } from 'msw';
import type { UserRef } from '../../src/api/common';
import {
  USER_SEARCH_LIMIT_DEFAULT,
  userIdParams,
  userSearchQuery,
  type UserProfile,
} from '../../src/api/people-schemas';
import { rankPeopleSearch } from '../../src/domain/people-search';
import { settle } from '../../src/api/problem';
import { decidePersonLookup } from '../../src/domain/people-decisions';
import { readId, readQuery, requireUser, route } from '../http';
import { getDb } from '../store/db';
import { findActiveUser, isVisible, toPerson } from '../views';

/**
 * GET /api/users/search (contract: People) and GET /api/users/{id} (contract: end of
 * "Ruminations"). The search's rate limit is not modelled, as with the other limits.
 */

export const peopleHandlers = [
  route('get', '/api/users/search', ({ request }) => {
    const query = readQuery(request, userSearchQuery);
    const callerId = requireUser(request);
    const candidates = getDb().users.filter((u) => u.isActive && u.id !== callerId);
    const found = rankPeopleSearch(candidates, query.q, query.Limit ?? USER_SEARCH_LIMIT_DEFAULT);
    return HttpResponse.json<UserRef[]>(found.map(toPerson));
  }),

  route('get', '/api/users/:id', ({ params }) => {
    const user = settle(decidePersonLookup(findActiveUser(readId(params, userIdParams))));
    // Public: what an anonymous reader may read.
    const publicRuminationCount = getDb().ruminations.filter(
      (r) => r.authorId === user.id && isVisible(r, null),
    ).length;
    return HttpResponse.json<UserProfile>({
      ...toPerson(user),
      bio: user.bio,
      createTMS: user.createTMS,
      publicRuminationCount,
    });
  }),
];
