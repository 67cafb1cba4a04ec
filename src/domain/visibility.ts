import { THERAPIST, type RelationType } from './relation-types';

/**
 * The visibility rule of api-contract.md ("Visibility: who may read a rumination"), as a pure
 * function. The mock backend runs it; the server's tests use it as the oracle for the SQL.
 */

export type RelationState = 'pending' | 'accepted' | 'rejected' | 'deleted';

export interface RelationFact {
  type: RelationType;
  initiatorId: number;
  receiverId: number;
  state: RelationState;
}

export interface RuminationFacts {
  authorId: number;
  isPublished: boolean;
  audiences: readonly RelationType[];
}

/**
 * May `viewerId` (null: anonymous) read `rumination`, given the relations between author and
 * viewer (relations with anyone else are ignored)?
 */
export function canView(
  rumination: RuminationFacts,
  viewerId: number | null,
  relations: readonly RelationFact[],
): boolean {
  if (viewerId !== null && viewerId === rumination.authorId) return true;
  if (!rumination.isPublished) return false;
  if (rumination.audiences.length === 0) return true;
  if (viewerId === null) return false;
  const author = rumination.authorId;
  return relations.some((r) => {
    if (r.state !== 'accepted') return false;
    if (!rumination.audiences.includes(r.type)) return false;
    const authorToViewer = r.initiatorId === author && r.receiverId === viewerId;
    const viewerToAuthor = r.initiatorId === viewerId && r.receiverId === author;
    // Therapist counts only from author to viewer: the viewer is the author's therapist.
    return r.type === THERAPIST ? authorToViewer : authorToViewer || viewerToAuthor;
  });
}

/** The state of a relation record from its flags. */
export function relationState(r: {
  isAccepted: boolean;
  isRejected: boolean;
  isDeleted: boolean;
}): RelationState {
  if (r.isDeleted) return 'deleted';
  if (r.isAccepted) return 'accepted';
  if (r.isRejected) return 'rejected';
  return 'pending';
}
