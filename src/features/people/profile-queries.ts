import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { peopleKeys } from '../../lib/query-keys';
import { fetchProfile } from './profile-api';

export const profileQueries = {
  profile: (id: number) =>
    queryOptions({
      queryKey: peopleKeys.profile(id),
      queryFn: () => fetchProfile(id),
    }),
};

export function useProfile(id: number) {
  return useSuspenseQuery(profileQueries.profile(id));
}
