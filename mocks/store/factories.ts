import { ruminationWriteRequest } from '../../src/api/rumination-schemas';
import { unattachedEraseAfter } from '../../src/domain/media-decisions';
import type { ReactionKind } from '../../src/domain/reactions';
import type { RelationType } from '../../src/domain/relation-types';
import { ruminationFieldsOf } from '../../src/domain/rumination-decisions';
import { now } from './clock';
import { getDb, INITIAL_TERMS_VERSION, nextId, saveDb } from './db';
import { currentTerms } from './lookups';
import { issueToken } from './tokens';
import type {
  StoredAcceptance,
  StoredComment,
  StoredMedia,
  StoredPushSubscription,
  StoredReaction,
  StoredRelation,
  StoredRumination,
  StoredTerms,
  StoredUser,
} from './tables';

/**
 * The functions tests and the demo seed use to arrange data directly in the mock backend's store
 * (without going through HTTP). Those marked with a file live there, since the handlers store
 * their data the same way:
 *
 *   resetMockBackend(seed?)          empty store (terms "1.0" only), then runs `seed(db)` if given
 *                                    (./db.ts)
 *   createUser({ username, ... })    an active user who accepted the current terms; returns
 *                                    `{ user, token }` (token ready for `Authorization: Bearer`);
 *                                    `displayName` defaults to the username, `bio` to ""
 *   issueToken(userId)               another access token for a user (./tokens.ts)
 *   createRumination({ authorId, content?, isPublished?, audiences? })
 *   reviseRumination(r, fields)      a change as an edit stores it: the replaced state kept as a
 *                                    revision, the next version (./rumination-changes.ts)
 *   moveToTrash(r, at?)              as DELETE does; `at` in the past arranges an old deletion
 *                                    (./rumination-changes.ts)
 *   createComment({ authorId, ruminationId, parentCommentId?, content?, isDeleted? })
 *   createRelation({ initiatorId, receiverId, type, state? })   state: pending|accepted|rejected|deleted
 *   createNotification({ recipientId, actorId, kind, ruminationId?, commentId?, relationId?,
 *                        relationType?, isRead? })   as the handlers write them (stream told)
 *                                    (./notifications.ts)
 *   publishTermsVersion(version, content?)   a new current terms version (everybody must accept it)
 *   acceptTerms(userId, version?)    records acceptance (default: the current version)
 *   outbox()                         the emails "sent" (activation and reset links), newest last
 *                                    (./tokens.ts)
 *   createPushSubscription({ userId, endpoint?, p256dh?, auth? })   a device as POST keeps it
 *   createMedia({ ownerId, ruminationId?, alt?, width?, height?, bytes?, createTMS?, picture? })
 *                                    an upload's row (no files: see mocks/media-files.ts), held
 *                                    by the note if `ruminationId` is given, last in its order
 */

export interface CreateUserOptions {
  username: string;
  email?: string;
  password?: string;
  /** Default true. */
  isActive?: boolean;
  /** Default true: the user has accepted the current terms. */
  acceptedCurrentTerms?: boolean;
  createTMS?: string;
  /** Default: the username. Stored as given (tests of the rules go through HTTP). */
  displayName?: string;
  /** Default "". */
  bio?: string;
}

export const DEFAULT_TEST_PASSWORD = 'password123';

export function createUser(options: CreateUserOptions): { user: StoredUser; token: string } {
  const user: StoredUser = {
    id: nextId(),
    username: options.username,
    email: options.email ?? `${options.username.toLowerCase()}@example.com`,
    password: options.password ?? DEFAULT_TEST_PASSWORD,
    isActive: options.isActive ?? true,
    createTMS: options.createTMS ?? now(),
    displayName: options.displayName ?? options.username,
    bio: options.bio ?? '',
  };
  const db = getDb();
  db.users.push(user);
  const terms = currentTerms();
  if ((options.acceptedCurrentTerms ?? true) && terms) {
    db.acceptances.push({ userId: user.id, version: terms.version, acceptedAt: now() });
  }
  const token = issueToken(user.id);
  saveDb();
  return { user, token };
}

export interface CreateRuminationOptions {
  authorId: number;
  content?: string;
  /** Default true. */
  isPublished?: boolean;
  audiences?: RelationType[];
  createTMS?: string;
}

export function createRumination(options: CreateRuminationOptions): StoredRumination {
  const id = nextId();
  const time = options.createTMS ?? now();
  // Through the contract, as a request would come: every other field gets its default there.
  const input = ruminationWriteRequest.parse({
    content: options.content ?? `Rumination ${id}`,
    publish: options.isPublished ?? true,
    audiences: options.audiences ?? [],
  });
  const rumination: StoredRumination = {
    ...ruminationFieldsOf(input),
    id,
    authorId: options.authorId,
    createTMS: time,
    updateTMS: time,
    version: 1,
  };
  getDb().ruminations.push(rumination);
  saveDb();
  return rumination;
}

export interface CreateMediaOptions {
  ownerId: number;
  /** The note that holds it, last in its order; absent: an upload no note holds yet. */
  ruminationId?: number | null;
  alt?: string;
  /** Defaults: a 1600 × 1200 photo of 300 KB. */
  width?: number;
  height?: number;
  bytes?: number;
  createTMS?: string;
  /** When an unheld upload is erased; default 24 hours after `createTMS`. */
  eraseAfter?: string | null;
  picture?: string;
}

/** An upload's row as POST /api/media keeps it (no files: tests that read them upload). */
export function createMedia(options: CreateMediaOptions): StoredMedia {
  const createTMS = options.createTMS ?? now();
  const ruminationId = options.ruminationId ?? null;
  const media: StoredMedia = {
    id: nextId(),
    ownerId: options.ownerId,
    ruminationId,
    position:
      ruminationId === null
        ? 0
        : getDb().media.filter((m) => m.ruminationId === ruminationId).length,
    alt: options.alt ?? '',
    width: options.width ?? 1600,
    height: options.height ?? 1200,
    bytes: options.bytes ?? 300_000,
    createTMS,
    eraseAfter:
      ruminationId !== null
        ? null
        : options.eraseAfter !== undefined
          ? options.eraseAfter
          : unattachedEraseAfter(new Date(createTMS)),
    ...(options.picture === undefined ? {} : { picture: options.picture }),
  };
  getDb().media.push(media);
  saveDb();
  return media;
}

export interface CreateCommentOptions {
  authorId: number;
  ruminationId: number;
  parentCommentId?: number | null;
  content?: string;
  isDeleted?: boolean;
  createTMS?: string;
}

export function createComment(options: CreateCommentOptions): StoredComment {
  const id = nextId();
  const time = options.createTMS ?? now();
  const isDeleted = options.isDeleted ?? false;
  const comment: StoredComment = {
    id,
    ruminationId: options.ruminationId,
    parentCommentId: options.parentCommentId ?? null,
    authorId: options.authorId,
    content: isDeleted ? '' : (options.content ?? `Comment ${id}`),
    isDeleted,
    createTMS: time,
    updateTMS: time,
    version: 1,
  };
  getDb().comments.push(comment);
  saveDb();
  return comment;
}

export interface CreateReactionOptions {
  userId: number;
  ruminationId: number;
  kind: ReactionKind;
  createTMS?: string;
}

/**
 * A reaction as if its person had given it: the author counts as told (reaction_notified), so a
 * seeded reaction taken back and given again tells nobody, as the rule says for any reaction.
 */
export function createReaction(options: CreateReactionOptions): StoredReaction {
  const reaction: StoredReaction = {
    ruminationId: options.ruminationId,
    userId: options.userId,
    kind: options.kind,
    createTMS: options.createTMS ?? now(),
  };
  const db = getDb();
  db.reactions.push(reaction);
  db.reactionNotified.push({ ruminationId: options.ruminationId, userId: options.userId });
  saveDb();
  return reaction;
}

export interface CreateRelationOptions {
  initiatorId: number;
  receiverId: number;
  type: RelationType;
  /** Default 'accepted'. */
  state?: 'pending' | 'accepted' | 'rejected' | 'deleted';
  createTMS?: string;
}

export function createRelation(options: CreateRelationOptions): StoredRelation {
  const state = options.state ?? 'accepted';
  const relation: StoredRelation = {
    id: nextId(),
    type: options.type,
    initiatorId: options.initiatorId,
    receiverId: options.receiverId,
    // A deleted relation was an accepted one that either side removed.
    isAccepted: state === 'accepted' || state === 'deleted',
    isRejected: state === 'rejected',
    isDeleted: state === 'deleted',
    createTMS: options.createTMS ?? now(),
  };
  getDb().relations.push(relation);
  saveDb();
  return relation;
}

/** Publishes a new current terms version: everybody must accept it before writing again. */
export function publishTermsVersion(version: string, content?: string): StoredTerms {
  const terms: StoredTerms = {
    version,
    content: content ?? `# Terms of Service\n\nVersion ${version}.`,
    createdAt: now(),
  };
  getDb().terms.push(terms);
  saveDb();
  return terms;
}

export function acceptTerms(userId: number, version?: string): StoredAcceptance {
  const acceptance: StoredAcceptance = {
    userId,
    version: version ?? currentTerms()?.version ?? INITIAL_TERMS_VERSION,
    acceptedAt: now(),
  };
  getDb().acceptances.push(acceptance);
  saveDb();
  return acceptance;
}

export interface CreatePushSubscriptionOptions {
  userId: number;
  /** Default: a Firefox-like endpoint unique to this subscription. */
  endpoint?: string;
  /** Defaults: well-formed placeholders (tests of the key rules go through HTTP). */
  p256dh?: string;
  auth?: string;
  createTMS?: string;
}

/** Keeps a device's subscription as POST /api/push/subscriptions would (no rule is asked). */
export function createPushSubscription(
  options: CreatePushSubscriptionOptions,
): StoredPushSubscription {
  const id = nextId();
  const time = options.createTMS ?? now();
  const subscription: StoredPushSubscription = {
    id,
    userId: options.userId,
    endpoint: options.endpoint ?? `https://updates.push.services.mozilla.com/wpush/v2/mock-${id}`,
    p256dh: options.p256dh ?? `B${'A'.repeat(86)}`,
    auth: options.auth ?? 'A'.repeat(22),
    createTMS: time,
    updateTMS: time,
  };
  getDb().pushSubscriptions.push(subscription);
  saveDb();
  return subscription;
}
