import type { ReactionKind } from '../../src/domain/reactions';
import type { NotificationKind } from '../../src/api/notification-schemas';
import type { RuminationWrite } from '../../src/api/rumination-schemas';
import type { AccountLinkPurpose } from '../../src/domain/auth-decisions';
import type { PreferenceValues } from '../../src/domain/preferences';
import type { RelationType } from '../../src/domain/relation-types';

/**
 * The tables of the mock backend's in-memory database, one interface per table and `MockDb`, the
 * whole of it. The whole state is plain JSON so that the browser demo can keep it in localStorage
 * (./persistence.ts).
 */

export interface StoredUser {
  id: number;
  username: string;
  email: string;
  /** Plain text: this is a mock that never leaves the browser or the test process. */
  password: string;
  isActive: boolean;
  createTMS: string;
  /** What others see them as (NFC, as the contract's schema left it); the username until set. */
  displayName: string;
  /** "" when unset. */
  bio: string;
}

/**
 * A person's preferences, kept only once they changed any (as the server's `user_preferences`
 * row): until then they are `defaultPreferences()` of src/domain/preferences.ts.
 */
export interface StoredPreferences extends PreferenceValues {
  userId: number;
}

/**
 * A rumination as stored: the fields of the contract's write request as they came (so a field added
 * to the contract is stored and returned with no change here), with `publish` kept as `isPublished`
 * and audiences as relation types.
 */
export type StoredRumination = Omit<RuminationWrite, 'publish' | 'audiences' | 'media'> & {
  id: number;
  authorId: number;
  isPublished: boolean;
  audiences: RelationType[];
  createTMS: string;
  updateTMS: string;
  /** 1 when created, one more on every change. */
  version: number;
  /** When its author moved it to the trash; absent while it is live. */
  deletedTMS?: string;
};

/**
 * A state a rumination had before a change (api-contract.md "History"): `version` is the version
 * it held, `savedTMS` when that version was saved (its `updateTMS`).
 */
export interface StoredRevision {
  id: number;
  ruminationId: number;
  version: number;
  content: string;
  isPublished: boolean;
  audiences: RelationType[];
  savedTMS: string;
}

export interface StoredComment {
  id: number;
  ruminationId: number;
  parentCommentId: number | null;
  authorId: number;
  content: string;
  isDeleted: boolean;
  createTMS: string;
  updateTMS: string;
  /** 1 when created, one more on every edit or delete. */
  version: number;
}

export interface StoredRelation {
  id: number;
  type: RelationType;
  initiatorId: number;
  receiverId: number;
  isAccepted: boolean;
  isRejected: boolean;
  isDeleted: boolean;
  createTMS: string;
}

/** One notification of one recipient (contract: Notifications); ids only, never any text. */
export interface StoredNotification {
  id: number;
  recipientId: number;
  kind: NotificationKind;
  createTMS: string;
  isRead: boolean;
  actorId: number;
  ruminationId: number | null;
  commentId: number | null;
  relationId: number | null;
  relationType: RelationType | null;
}

export interface StoredTerms {
  version: string;
  content: string;
  createdAt: string;
}

export interface StoredAcceptance {
  userId: number;
  version: string;
  acceptedAt: string;
}

export interface AccountToken {
  token: string;
  userId: number;
  purpose: AccountLinkPurpose;
  /** Absent in demo copies saved before it was kept: those count as issued long ago. */
  issuedAt?: string;
  expiresAt: string;
  used: boolean;
}

/**
 * A browser's push subscription (api-contract.md "Reach them when the app is closed"), one per
 * endpoint as the server's `push_subscriptions`. The mock keeps them so the demo's settings work,
 * but sends nothing to them.
 */
export interface StoredPushSubscription {
  id: number;
  userId: number;
  /** As the shared rule wrote it (the URL parser's form), compared exactly. */
  endpoint: string;
  p256dh: string;
  auth: string;
  createTMS: string;
  updateTMS: string;
}

/**
 * An uploaded photo (api-contract.md "Photos"), as the server's `media` row (migration 0019): its
 * files are in mocks/media-files.ts under its id. Held by a note (`ruminationId`, its `position`
 * and `alt`), or an upload no note holds yet, erased after `eraseAfter`. A row no note holds whose
 * `eraseAfter` is null or past is due: the sweep erases it and its files.
 */
export interface StoredMedia {
  id: number;
  ownerId: number;
  ruminationId: number | null;
  position: number;
  alt: string;
  /** The stored photo's size (upright, at most 2048 px on its long side). */
  width: number;
  height: number;
  /** Its files' bytes together: what the account's quota counts. */
  bytes: number;
  createTMS: string;
  eraseAfter: string | null;
  /**
   * A photo of the demo seed: which picture mocks/seed-photos.ts draws for it. Its files are made
   * in the browser the first time they are asked for, since the seed itself runs synchronously.
   */
  picture?: string;
}

/** One person's reaction of one kind to one rumination (the server's migration 0023). */
export interface StoredReaction {
  ruminationId: number;
  userId: number;
  kind: ReactionKind;
  createTMS: string;
}

/** Who once told a rumination's author they reacted: once per person and rumination, ever. */
export interface StoredReactionNotified {
  ruminationId: number;
  userId: number;
}

export interface SentEmail {
  to: string;
  subject: string;
  link: string;
  sentAt: string;
}

export interface MockDb {
  users: StoredUser[];
  ruminations: StoredRumination[];
  revisions: StoredRevision[];
  comments: StoredComment[];
  relations: StoredRelation[];
  notifications: StoredNotification[];
  terms: StoredTerms[];
  acceptances: StoredAcceptance[];
  preferences: StoredPreferences[];
  /** Access token -> user id. Opaque strings; a password reset removes a user's tokens. */
  sessions: Record<string, number>;
  accountTokens: AccountToken[];
  outbox: SentEmail[];
  pushSubscriptions: StoredPushSubscription[];
  /**
   * The VAPID application server key handed to browsers (base64url of the raw 65-byte P-256
   * point), made at the first ask and kept, as a deployment keeps one; null until then. Its
   * private half is not kept: the mock signs no push messages.
   */
  pushPublicKey: string | null;
  media: StoredMedia[];
  reactions: StoredReaction[];
  reactionNotified: StoredReactionNotified[];
  /**
   * The key photo URLs are signed with (src/api/media-urls.ts), made at the first signing and
   * kept, as the server keeps its own in the database; null until then.
   */
  mediaSecret: string | null;
  /** The first 2xx answers of writes sent with an Idempotency-Key (handlers/idempotency.ts). */
  idempotentAnswers: StoredIdempotentAnswer[];
  /** Who was told of a mention in which content (commentId 0: the rumination itself). */
  mentionNotified: StoredMentionNotified[];
  /** Journal imports (handlers/import.ts): the jobs, and the entries each account imported. */
  imports: StoredImport[];
  importEntries: StoredImportEntry[];
  nextId: number;
}

/**
 * A write's first 2xx answer under its Idempotency-Key (`id`: caller and key), kept with the data
 * it wrote, in the same save: the app resumes a write that was in flight when the page closed, and
 * the resend must find this answer instead of writing again, as the server's does.
 */
export interface StoredIdempotentAnswer {
  id: string;
  /** The request's fingerprint (method, path, body): another request with the key is a 422. */
  request: string;
  status: number;
  body: unknown;
  etag: string | null;
}

/** One person told of a mention in one content (as the server's mention_notified). */
export interface StoredMentionNotified {
  ruminationId: number;
  commentId: number;
  userId: number;
}

/** A journal import's job (api-contract.md "Bring your journal: import"), as GET answers it. */
export interface StoredImport {
  id: number;
  ownerId: number;
  state: 'running' | 'done' | 'failed';
  imported: number;
  skipped: number;
  errors: { entry: string; message: string }[];
}

/** An entry an account imported, by its key: importing it again adds nothing. */
export interface StoredImportEntry {
  ownerId: number;
  key: string;
}
