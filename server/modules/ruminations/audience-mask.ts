import { RELATION_TYPE_VALUES, type RelationType } from '../../../src/domain/relation-types';

/** Audiences are stored as a bit mask (bit t = relation type t may read; 0 = public). */
export function audiencesToMask(audiences: readonly RelationType[]): number {
  return audiences.reduce<number>((mask, t) => mask | (1 << t), 0);
}

export function maskToAudiences(mask: number): RelationType[] {
  return RELATION_TYPE_VALUES.filter((t) => (mask & (1 << t)) !== 0);
}
