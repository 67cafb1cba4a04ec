import type { UserRelation } from '../../api/relation-schemas';
import { RELATION_TYPES, type RelationType } from '../../domain/relation-types';

/** Pending or accepted, not deleted: the relations that still count (rejected ones are hidden). */
export function isLiveRelation(relation: UserRelation): boolean {
  return !relation.isRejected && !relation.isDeleted;
}

/**
 * The relation types the viewer may still request from the other user: those with no live
 * relation between the two, in either direction (spec section 2, relation manager).
 */
export function availableRelationTypes(relations: readonly UserRelation[]): RelationType[] {
  const used = new Set(relations.filter(isLiveRelation).map((r) => r.type));
  return RELATION_TYPES.map((t) => t.value).filter((value) => !used.has(value));
}
