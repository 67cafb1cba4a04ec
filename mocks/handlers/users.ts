import { HttpResponse } from 'msw';
import type { UserRef } from '../../src/api/common';
import {
  USER_SEARCH_LIMIT_DEFAULT,
  userIdParams,
  userSearchQuery,
  type UserProfile,
} from '../../src/api/user-schemas';
import { rankPeopleSearch } from '../../src/domain/people-search';
import { notFound, readId, readQuery, requireUser, route } from '../http';
import { findUser, getDb } from '../store';

/**
 * GET /api/users/search (contract: People) and GET /api/users/{id} (contract: end of
 * "Ruminations"). The search's rate limit is not modelled, as with the other limits.
 */

export const userHandlers = [
  route('get', '/api/users/search', ({ request }) => {
    const query = readQuery(request, userSearchQuery);
    const callerId = requireUser(request);
    const candidates = getDb().users.filter((u) => u.isActive && u.id !== callerId);
    const found = rankPeopleSearch(candidates, query.q, query.Limit ?? USER_SEARCH_LIMIT_DEFAULT);
    return HttpResponse.json<UserRef[]>(found.map((u) => ({ id: u.id, username: u.username })));
  }),

  route('get', '/api/users/:id', ({ params }) => {
    const user = findUser(readId(params, userIdParams));
    if (!user?.isActive) throw notFound('User not found');
    const publicRuminationCount = getDb().ruminations.filter(
      (r) => r.authorId === user.id && r.isPublished && r.audiences.length === 0,
    ).length;
    return HttpResponse.json<UserProfile>({
      id: user.id,
      username: user.username,
      createTMS: user.createTMS,
      publicRuminationCount,
    });
  }),
];
