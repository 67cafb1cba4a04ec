import { HttpResponse } from 'msw';
import { userIdParams, type UserProfile } from '../../src/api/user-schemas';
import { notFound, readId, route } from '../http';
import { findUser, getDb } from '../store';

/** GET /api/users/{id} (api-contract.md, end of "Ruminations"). */

export const userHandlers = [
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
