import { t } from '@lingui/core/macro';
import type { RelationListQuery, UserRelation } from '../../api/relation-schemas';
import type { RelationType } from '../../domain/relation-types';
import { api, searchParamsOf, withDefaultError } from '../../lib/http';

/** API functions of /api/UserRelations with the spec's default error texts (section 8). */

export function fetchRelations(params: RelationListQuery): Promise<UserRelation[]> {
  return withDefaultError(t`Failed to fetch user relations`, () =>
    api.get('UserRelations', { searchParams: searchParamsOf(params) }).json<UserRelation[]>(),
  );
}

/** Every relation the caller is part of, page after page (the server gives at most `pageSize`). */
export async function fetchAllRelations(pageSize: number): Promise<UserRelation[]> {
  const all: UserRelation[] = [];
  for (;;) {
    const page = await fetchRelations({ Limit: pageSize, Offset: all.length });
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}

export function requestRelation(userId: number, relationType: RelationType): Promise<UserRelation> {
  return withDefaultError(t`Failed to request user relation`, () =>
    api.post('UserRelations', { json: { userId, relationType } }).json<UserRelation>(),
  );
}

export function acceptRelation(id: number): Promise<UserRelation> {
  return withDefaultError(t`Failed to accept user relation`, () =>
    api.put(`UserRelations/${id}/accept`).json<UserRelation>(),
  );
}

export function rejectRelation(id: number): Promise<UserRelation> {
  return withDefaultError(t`Failed to reject user relation`, () =>
    api.put(`UserRelations/${id}/reject`).json<UserRelation>(),
  );
}

/** Cancels a pending relation (its initiator) or ends an accepted one (either side). */
export async function deleteRelation(id: number): Promise<void> {
  await withDefaultError(t`Failed to delete user relation`, () =>
    api.delete(`UserRelations/${id}`),
  );
}
