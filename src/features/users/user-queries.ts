import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { userKeys } from '../../lib/query-keys';
import { fetchUserProfile } from './user-api';

export const userQueries = {
  profile: (id: number) =>
    queryOptions({
      queryKey: userKeys.profile(id),
      queryFn: () => fetchUserProfile(id),
    }),
};

export function useUserProfile(id: number) {
  return useSuspenseQuery(userQueries.profile(id));
}
