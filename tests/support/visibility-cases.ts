import type { AudienceName } from '../../src/domain/relation-types';
import type { RelationState } from '../../src/domain/visibility';
import data from './visibility-cases.json';

/**
 * The 660 cases of the API contract's visibility rule (visibility-cases.json beside this file, a
 * copy of the product team's case list). One loader for every implementation's tests: the domain
 * rule, the mock backend and the server.
 */
export interface VisibilityCase {
  viewer: 'author' | 'anonymous' | 'stranger' | 'related';
  published: boolean;
  audiences: AudienceName[];
  relations: { type: AudienceName; initiator: 'author' | 'viewer'; state: RelationState }[];
  visible: boolean;
}

export const visibilityCases: readonly VisibilityCase[] = (data as { cases: VisibilityCase[] })
  .cases;

/** A readable test name for a case. */
export function describeCase(c: VisibilityCase): string {
  const relations = c.relations.map((r) => `${r.type} from ${r.initiator} ${r.state}`).join(', ');
  return `${c.viewer}, ${c.published ? 'published' : 'draft'}, [${c.audiences.join(' ')}], {${relations}}`;
}
