import { queryOptions } from '@tanstack/react-query';
import { authKeys } from '../../lib/query-keys';
import { me } from './auth-api';

export const authQueries = {
  me: () =>
    queryOptions({
      queryKey: authKeys.me,
      queryFn: me,
      staleTime: 5 * 60_000,
    }),
};
