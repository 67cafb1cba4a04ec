import { queryOptions, useQuery } from '@tanstack/react-query';
import { RELATION_LIMIT_MAX, USER_SEARCH_MIN } from '../../api/limits';
import { peopleKeys } from '../../lib/query-keys';
import { relationQueries } from '../relations/relation-queries';
import { searchPeople } from './people-api';

export const peopleQueries = {
  search: (q: string) =>
    queryOptions({
      queryKey: peopleKeys.search(q),
      queryFn: ({ signal }) => searchPeople(q, signal),
      staleTime: 30_000,
    }),
};

/** Searches once `q` is long enough; a search typed past is cancelled (its signal). */
export function usePeopleSearch(q: string) {
  const trimmed = q.trim();
  return useQuery({ ...peopleQueries.search(trimmed), enabled: trimmed.length >= USER_SEARCH_MIN });
}

/** Every relation the viewer is part of (in pages of the largest size): People and the nav count. */
export function useAllMyRelations(enabled = true) {
  return useQuery({ ...relationQueries.mine(RELATION_LIMIT_MAX), enabled });
}
