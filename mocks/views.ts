import { exportedComment, type Account, type ExportedComment } from '../src/api/account-schemas';
import type { Comment } from '../src/api/comment-schemas';
import type { UserRelation } from '../src/api/relation-schemas';
import type {
  Rumination,
  RuminationRevision,
  TrashedRumination,
} from '../src/api/rumination-schemas';
import type { UserRef } from '../src/api/common';
import { canView } from '../src/domain/visibility';
import { countReactions } from '../src/domain/reactions';
import {
  mediaUrlExpiry,
  signedMediaUrls,
  webCryptoMediaSigner,
  ANONYMOUS_VIEWER,
  type MediaSigner,
} from '../src/api/media-urls';
import type { RuminationMedia } from '../src/api/media-schemas';
import { findUser, relationFactsBetween } from './store/lookups';
import { getDb, saveDb } from './store/db';
import { randomToken } from './store/tokens';
import type {
  StoredMedia,
  StoredComment,
  StoredRelation,
  StoredRevision,
  StoredRumination,
  StoredUser,
} from './store/tables';
import { ApiProblem } from '../src/api/problem';
import { RUMINATION_PROBLEMS } from '../src/domain/rumination-decisions';
import { extractTags } from '../src/domain/tags';

/** Stored records as the wire contract shapes them, and the visibility checks of reads. */

/** A person as others may find them: an account not yet activated does not exist to others. */
export function findActiveUser(userId: number): StoredUser | undefined {
  const user = findUser(userId);
  return user?.isActive ? user : undefined;
}

/** A person wherever the API shows one (an erased account's tombstone carries its own name). */
export function toPerson(user: StoredUser): UserRef {
  return { id: user.id, username: user.username, displayName: user.displayName };
}

export function userRef(userId: number): UserRef {
  const user = findUser(userId);
  return user ? toPerson(user) : { id: userId, username: 'unknown', displayName: 'unknown' };
}

/** The caller's own account (GET /api/account, the answer of PUT /api/account/profile, export). */
export function toAccount(user: StoredUser): Account {
  return { ...toPerson(user), email: user.email, createTMS: user.createTMS };
}

/**
 * Stored fields go out as they are (they are the contract's); author and audiences are shaped, and
 * when it was trashed is said only by the trash (toTrashedRumination). `media` is left empty:
 * signing its URLs is asynchronous, so `withMedia` fills it for the viewer before it is answered.
 */
export function toRumination({
  authorId,
  audiences,
  deletedTMS: _deletedTMS,
  ...fields
}: StoredRumination): Rumination {
  return {
    ...fields,
    createdBy: userRef(authorId),
    audiences: audiences.map((relationType) => ({ relationType })),
    commentCount: getDb().comments.filter((c) => c.ruminationId === fields.id && !c.isDeleted)
      .length,
    media: [],
    // Counted for the viewer by withMedia, which every answer goes through.
    reactions: [],
    tags: extractTags(fields.content),
  };
}

/** The signers of the stores seen so far, by their secret (made once each: importing a key is slow). */
const signers = new Map<string, Promise<MediaSigner>>();

/** The store's photo URL signer; its secret is made at the first signing and kept in the store. */
export function mediaSigner(): Promise<MediaSigner> {
  const db = getDb();
  if (db.mediaSecret === null) {
    db.mediaSecret = randomToken(32);
    // Saved at once: in the demo, calls running beside this one re-read the saved store, and
    // would each make a key of their own, leaving URLs signed with a key that was not kept.
    saveDb();
  }
  const secret = db.mediaSecret;
  let signer = signers.get(secret);
  if (!signer) {
    signer = webCryptoMediaSigner(new TextEncoder().encode(secret));
    signers.set(secret, signer);
  }
  return signer;
}

/** The photos a note holds, in its order. */
export function mediaOfRumination(ruminationId: number): StoredMedia[] {
  return getDb()
    .media.filter((m) => m.ruminationId === ruminationId)
    .sort((a, b) => a.position - b.position);
}

/** A note's photos as the wire shows them, with URLs signed for `viewerId` (null: signed out). */
export async function toRuminationMedia(
  ruminationId: number,
  viewerId: number | null,
): Promise<RuminationMedia[]> {
  const held = mediaOfRumination(ruminationId);
  if (held.length === 0) return [];
  const sign = await mediaSigner();
  const expires = mediaUrlExpiry(new Date());
  const viewer = viewerId ?? ANONYMOUS_VIEWER;
  return Promise.all(
    held.map(async (m) => ({
      id: m.id,
      width: m.width,
      height: m.height,
      alt: m.alt,
      ...(await signedMediaUrls(m.id, viewer, expires, sign)),
    })),
  );
}

/**
 * Ruminations as answered to `viewerId`: with their photos and URLs signed for that viewer, and
 * their reactions' counts with `mine` for them (the step after the synchronous `toRumination`).
 */
export async function withMedia<R extends Rumination>(
  list: readonly R[],
  viewerId: number | null,
): Promise<R[]> {
  const reactions = getDb().reactions;
  return Promise.all(
    list.map(async (r) => ({
      ...r,
      media: await toRuminationMedia(r.id, viewerId),
      reactions: countReactions(
        reactions.filter((x) => x.ruminationId === r.id),
        viewerId,
      ),
    })),
  );
}

/** One rumination as answered to `viewerId`, photos signed for them. */
export async function ruminationFor(
  r: StoredRumination,
  viewerId: number | null,
): Promise<Rumination> {
  const [shaped] = await withMedia([toRumination(r)], viewerId);
  return shaped!;
}

/** A rumination of the caller's trash: its usual shape and when it was deleted. */
export function toTrashedRumination(
  r: StoredRumination & { deletedTMS: string },
): TrashedRumination {
  return { ...toRumination(r), deletedTMS: r.deletedTMS };
}

export function toRevision(r: StoredRevision): RuminationRevision {
  return {
    id: r.id,
    version: r.version,
    content: r.content,
    isPublished: r.isPublished,
    audiences: r.audiences.map((relationType) => ({ relationType })),
    savedTMS: r.savedTMS,
  };
}

/** A comment on its own, without its replies, in the API's shape. */
function commentFieldsOf(c: StoredComment): Omit<Comment, 'childComments'> {
  return {
    id: c.id,
    content: c.isDeleted ? '' : c.content,
    createdBy: userRef(c.authorId),
    createTMS: c.createTMS,
    updateTMS: c.updateTMS,
    isDeleted: c.isDeleted,
    version: c.version,
    ruminationId: c.ruminationId,
    parentCommentId: c.parentCommentId,
  };
}

/**
 * What the account export holds of a comment: the fields its schema names (the server's export
 * writes exactly those), taken from the API's comment without its replies.
 */
export function toExportedComment(c: StoredComment): ExportedComment {
  return exportedComment.parse(commentFieldsOf(c));
}

/** A comment with its whole reply tree, replies oldest first. */
export function toComment(c: StoredComment): Comment {
  const replies = getDb()
    .comments.filter((child) => child.parentCommentId === c.id)
    .sort((a, b) => a.id - b.id);
  return { ...commentFieldsOf(c), childComments: replies.map(toComment) };
}

export function toRelation(r: StoredRelation): UserRelation {
  return {
    id: r.id,
    type: r.type,
    initiator: userRef(r.initiatorId),
    receiver: userRef(r.receiverId),
    isAccepted: r.isAccepted,
    isRejected: r.isRejected,
    isDeleted: r.isDeleted,
    createTMS: r.createTMS,
  };
}

/** Not in the trash: a trashed rumination is read by no one but through the trash. */
export function isLive(r: StoredRumination): boolean {
  return r.deletedTMS === undefined;
}

/** The ruminations not in anyone's trash: what every list, count and search starts from. */
export function liveRuminations(): StoredRumination[] {
  return getDb().ruminations.filter(isLive);
}

/**
 * Whether `viewerId` may read it: the shared rule, and never while it is in the trash, not even
 * its author (api-contract.md "Trash"), so that its comments, counts and notifications go with it.
 */
export function isVisible(r: StoredRumination, viewerId: number | null): boolean {
  if (!isLive(r)) return false;
  const relations = viewerId === null ? [] : relationFactsBetween(r.authorId, viewerId);
  return canView(
    { authorId: r.authorId, isPublished: r.isPublished, audiences: r.audiences },
    viewerId,
    relations,
  );
}

/** The rumination if it exists and the caller may read it. */
export function findVisibleRumination(
  id: number,
  viewerId: number | null,
): StoredRumination | undefined {
  const found = getDb().ruminations.find((r) => r.id === id);
  return found && isVisible(found, viewerId) ? found : undefined;
}

/** The rumination if the caller may read it; else 404, as if it did not exist. */
export function visibleRuminationOr404(id: number, viewerId: number | null): StoredRumination {
  const found = findVisibleRumination(id, viewerId);
  if (!found) throw ApiProblem.of(RUMINATION_PROBLEMS.notFound);
  return found;
}
