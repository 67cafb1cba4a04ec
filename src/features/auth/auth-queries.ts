import { queryOptions } from '@tanstack/react-query';
import { me } from './auth-api';

export const authQueries = {
  all: ['auth'] as const,
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all, 'me'] as const,
      queryFn: me,
      staleTime: 5 * 60_000,
    }),
};
