import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { RelationListQuery } from '../../api/relation-schemas';
import type { RelationType } from '../../domain/relation-types';
import { relationKeys, ruminationKeys } from '../../lib/query-keys';
import {
  acceptRelation,
  deleteRelation,
  fetchAllRelations,
  fetchRelations,
  rejectRelation,
  requestRelation,
} from './relation-api';

export const relationQueries = {
  /** Every relation of the viewer (People, and the nav's count of requests waiting). */
  mine: (pageSize: number) =>
    queryOptions({
      queryKey: relationKeys.list({ all: true, pageSize }),
      queryFn: () => fetchAllRelations(pageSize),
    }),
  list: (filters: RelationListQuery) =>
    queryOptions({
      queryKey: relationKeys.list(filters),
      queryFn: () => fetchRelations(filters),
    }),
};

/** The relations between the viewer and one other user (the relation manager's list). */
export function useRelations(filters: RelationListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...relationQueries.list(filters), enabled: options.enabled ?? true });
}

/**
 * A relation that is accepted or ended changes who sees what, so feeds and profiles are
 * refreshed with the relation list.
 */
async function invalidateAfterRelationChange(
  queryClient: QueryClient,
  visibilityChanged: boolean,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: relationKeys.all }),
    visibilityChanged ? queryClient.invalidateQueries({ queryKey: ruminationKeys.all }) : null,
  ]);
}

export function useRequestRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, type }: { userId: number; type: RelationType }) =>
      requestRelation(userId, type),
    onSuccess: () => invalidateAfterRelationChange(queryClient, false),
  });
}

export function useAcceptRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => acceptRelation(id),
    onSuccess: () => invalidateAfterRelationChange(queryClient, true),
  });
}

export function useRejectRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rejectRelation(id),
    onSuccess: () => invalidateAfterRelationChange(queryClient, false),
  });
}

export function useDeleteRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRelation(id),
    onSuccess: () => invalidateAfterRelationChange(queryClient, true),
  });
}
