import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { fetchUserProfile } from './user-api';

export const userQueries = {
  all: () => ['users'] as const,
  profile: (id: number) =>
    queryOptions({
      queryKey: ['users', id] as const,
      queryFn: () => fetchUserProfile(id),
    }),
};

export function useUserProfile(id: number) {
  return useSuspenseQuery(userQueries.profile(id));
}
