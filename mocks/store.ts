import { TRASH_RETENTION_SECONDS_DEFAULT } from '../src/api/limits';
import { unattachedEraseAfter } from '../src/domain/media-decisions';
import {
  isPastRetention,
  ruminationFieldsOf,
  type StoredRuminationFields,
} from '../src/domain/rumination-decisions';
import { termsStanding } from '../src/domain/terms-decisions';
import type { NotificationKind } from '../src/api/notification-schemas';
import { ruminationWriteRequest, type RuminationWrite } from '../src/api/rumination-schemas';
import { ACCOUNT_LINK_LIFETIME_MS, type AccountLinkPurpose } from '../src/domain/auth-decisions';
import type { RelationType } from '../src/domain/relation-types';
import { relationState, type RelationFact } from '../src/domain/visibility';
import { TERMS_V1_MARKDOWN, TERMS_V1_VERSION } from '../src/domain/terms-v1';
import { defaultPreferences, type PreferenceValues } from '../src/domain/preferences';
import { clearMediaFiles, deleteMediaFiles } from './media-files';

/**
 * The in-memory database of the mock backend, plus the functions tests and the demo seed use to
 * arrange data directly (without going through HTTP):
 *
 *   resetMockBackend(seed?)          empty store (terms "1.0" only), then runs `seed(db)` if given
 *   createUser({ username, ... })    an active user who accepted the current terms; returns
 *                                    `{ user, token }` (token ready for `Authorization: Bearer`);
 *                                    `displayName` defaults to the username, `bio` to ""
 *   issueToken(userId)               another access token for a user
 *   createRumination({ authorId, content?, isPublished?, audiences? })
 *   reviseRumination(r, fields)      a change as an edit stores it: the replaced state kept as a
 *                                    revision, the next version
 *   moveToTrash(r, at?)              as DELETE does; `at` in the past arranges an old deletion
 *   createComment({ authorId, ruminationId, parentCommentId?, content?, isDeleted? })
 *   createRelation({ initiatorId, receiverId, type, state? })   state: pending|accepted|rejected|deleted
 *   createNotification({ recipientId, actorId, kind, ruminationId?, commentId?, relationId?,
 *                        relationType?, isRead? })   as the handlers write them (stream told)
 *   publishTermsVersion(version, content?)   a new current terms version (everybody must accept it)
 *   acceptTerms(userId, version?)    records acceptance (default: the current version)
 *   outbox()                         the emails "sent" (activation and reset links), newest last
 *   createPushSubscription({ userId, endpoint?, p256dh?, auth? })   a device as POST keeps it
 *   createMedia({ ownerId, ruminationId?, alt?, width?, height?, bytes?, createTMS?, picture? })
 *                                    an upload's row (no files: see mocks/media-files.ts), held
 *                                    by the note if `ruminationId` is given, last in its order
 *
 * The whole state is plain JSON so that the browser demo can keep it in localStorage.
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
  /**
   * The key photo URLs are signed with (src/api/media-urls.ts), made at the first signing and
   * kept, as the server keeps its own in the database; null until then.
   */
  mediaSecret: string | null;
  /** The first 2xx answers of writes sent with an Idempotency-Key (handlers/idempotency.ts). */
  idempotentAnswers: StoredIdempotentAnswer[];
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

/** How many answers are kept, newest last: far more than one person's writes in flight. */
const IDEMPOTENT_ANSWERS_KEPT = 200;

export function findIdempotentAnswer(id: string): StoredIdempotentAnswer | undefined {
  return db.idempotentAnswers.find((answer) => answer.id === id);
}

export function rememberIdempotentAnswer(answer: StoredIdempotentAnswer): void {
  db.idempotentAnswers = [
    ...db.idempotentAnswers.filter((kept) => kept.id !== answer.id),
    answer,
  ].slice(-IDEMPOTENT_ANSWERS_KEPT);
}

export type MockSeed = (db: MockDb) => void;

export const INITIAL_TERMS_VERSION = TERMS_V1_VERSION;

function emptyDb(): MockDb {
  return {
    users: [],
    ruminations: [],
    revisions: [],
    comments: [],
    relations: [],
    notifications: [],
    terms: [
      {
        version: INITIAL_TERMS_VERSION,
        content: TERMS_V1_MARKDOWN,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    acceptances: [],
    preferences: [],
    sessions: {},
    accountTokens: [],
    outbox: [],
    pushSubscriptions: [],
    idempotentAnswers: [],
    pushPublicKey: null,
    media: [],
    mediaSecret: null,
    nextId: 1,
  };
}

let db: MockDb = emptyDb();

/** Where the browser demo keeps its data between reloads; null in tests (memory only). */
let persistence: { load(): MockDb | null; save(db: MockDb): void } | null = null;

export function getDb(): MockDb {
  return db;
}

/**
 * Who wants to know that the store may have changed: the live notification streams
 * (handlers/notifications.ts). `reset` tells them the whole store was replaced by a fresh one, so
 * that a stream left open by a previous test ends instead of serving the next test's users.
 */
export type StoreListener = (event: 'changed' | 'reset') => void;
const storeListeners = new Set<StoreListener>();

export function subscribeToStore(listener: StoreListener): () => void {
  storeListeners.add(listener);
  return () => storeListeners.delete(listener);
}

function tellStoreListeners(event: 'changed' | 'reset'): void {
  for (const listener of [...storeListeners]) listener(event);
}

/** Restores an empty store (terms 1.0 only) and runs `seed` on it. Returns the store. */
export function resetMockBackend(seed?: MockSeed): MockDb {
  db = emptyDb();
  // A fresh store has no uploads: their files go too (the demo's IndexedDB, the tests' Map).
  void clearMediaFiles();
  tellStoreListeners('reset');
  seed?.(db);
  saveDb();
  return db;
}

/**
 * A demo copy saved before notifications (or revisions, preferences, push subscriptions) existed
 * has no such table: it gets an empty one rather than being thrown away (the stored format stays
 * plain JSON), and no push key yet (one is made at the next ask).
 * One saved before versions has ruminations and comments without `version`: they are at their
 * first (as the server's migration gives every existing row 1). One saved before display names
 * has users without `displayName` and `bio`: their name is their username and their bio empty, as
 * the server's migration 0016 fills them.
 */
function withAllTables(next: MockDb): MockDb {
  if (!Array.isArray(next.notifications)) next.notifications = [];
  if (!Array.isArray(next.revisions)) next.revisions = [];
  if (!Array.isArray(next.preferences)) next.preferences = [];
  if (!Array.isArray(next.pushSubscriptions)) next.pushSubscriptions = [];
  if (!Array.isArray(next.idempotentAnswers)) next.idempotentAnswers = [];
  if (!Array.isArray(next.media)) next.media = [];
  // Typed as always present; absent in a copy saved before photos existed.
  (next as { mediaSecret?: string | null }).mediaSecret ??= null;
  // Typed as always present; absent in a copy saved before push existed.
  (next as { pushPublicKey?: string | null }).pushPublicKey ??= null;
  for (const row of [...next.ruminations, ...next.comments]) {
    // Typed as always present; absent in a copy saved before versions existed.
    (row as { version?: number }).version ??= 1;
  }
  for (const user of next.users) {
    // Typed as always present; absent in a copy saved before display names existed.
    (user as { displayName?: string }).displayName ??= user.username;
    (user as { bio?: string }).bio ??= '';
  }
  return next;
}

/** Replaces the whole store, e.g. with one loaded from browser storage. */
export function replaceDb(next: MockDb): void {
  db = withAllTables(next);
}

export function setPersistence(next: typeof persistence): void {
  persistence = next;
}

/**
 * Re-reads the stored copy (demo only), so that two tabs of the demo see each other's writes
 * instead of overwriting them.
 */
export function syncDb(): void {
  const stored = persistence?.load();
  if (stored) db = withAllTables(stored);
}

/**
 * Saves the store (demo) and tells the live streams that something may have changed. Every
 * handler ends here (mocks/http.ts `route`), so a stream learns of any write that changes what a
 * recipient may see (a deleted rumination, an ended relation), not only of new notifications.
 */
export function saveDb(): void {
  persistence?.save(db);
  tellStoreListeners('changed');
}

/** One id sequence for every table keeps ids unique and increasing in creation order. */
export function nextId(): number {
  return db.nextId++;
}

let lastTime = 0;
/** Strictly increasing timestamps, so ordering by time and by id agree. */
export function now(): string {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return new Date(lastTime).toISOString();
}

export function randomToken(bytes = 16): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------------------------------------------------------------------------------------------
// Lookups shared by the handlers

export function findUser(id: number): StoredUser | undefined {
  return db.users.find((u) => u.id === id);
}

export function findUserByLogin(login: string): StoredUser | undefined {
  const key = login.trim().toLowerCase();
  return db.users.find((u) => u.username.toLowerCase() === key || u.email.toLowerCase() === key);
}

export function currentTerms(): StoredTerms | undefined {
  return db.terms[db.terms.length - 1];
}

export function hasAcceptedCurrentTerms(userId: number): boolean {
  const current = currentTerms()?.version ?? null;
  const accepted = db.acceptances.some((a) => a.userId === userId && a.version === current);
  return !termsStanding(current, accepted).requiresAcceptance;
}

/** A person's preferences: the stored ones, or the defaults until they changed any. */
export function preferencesOf(userId: number): PreferenceValues {
  const stored = db.preferences.find((p) => p.userId === userId);
  if (!stored) return defaultPreferences();
  const { userId: _userId, ...values } = stored;
  return values;
}

/** Keeps a person's preferences (one row each, replaced whole: the merge is the shared rule's). */
export function storePreferences(userId: number, values: PreferenceValues): void {
  db.preferences = [...db.preferences.filter((p) => p.userId !== userId), { userId, ...values }];
}

/** The relations between two users, as the visibility rule wants them. */
export function relationFactsBetween(a: number, b: number): RelationFact[] {
  return db.relations
    .filter(
      (r) =>
        (r.initiatorId === a && r.receiverId === b) || (r.initiatorId === b && r.receiverId === a),
    )
    .map((r) => ({
      type: r.type,
      initiatorId: r.initiatorId,
      receiverId: r.receiverId,
      state: relationState(r),
    }));
}

// ---------------------------------------------------------------------------------------------
// Arranging data directly (tests and the demo seed)

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
  db.users.push(user);
  const terms = currentTerms();
  if ((options.acceptedCurrentTerms ?? true) && terms) {
    db.acceptances.push({ userId: user.id, version: terms.version, acceptedAt: now() });
  }
  const token = issueToken(user.id);
  saveDb();
  return { user, token };
}

/**
 * A token shaped like the server's (a JWT whose `sub` is the user id), though the mock keeps it as
 * an opaque key of `sessions` and never checks a signature: the app reads `sub` to open the
 * signed-in person's offline copy and queued writes (src/features/offline/offline-user.ts), so a
 * token without it left the demo without them (no side-by-side view of a conflicted edit).
 */
export function issueToken(userId: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: String(userId), jti: randomToken(8) })}.mock`;
  db.sessions[token] = userId;
  saveDb();
  return token;
}

export function userIdOfToken(token: string): number | undefined {
  const userId = db.sessions[token];
  return userId !== undefined && findUser(userId)?.isActive ? userId : undefined;
}

export function revokeTokens(userId: number): void {
  for (const [token, owner] of Object.entries(db.sessions)) {
    if (owner === userId) delete db.sessions[token];
  }
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
  db.ruminations.push(rumination);
  saveDb();
  return rumination;
}

/**
 * A change to a rumination (an edit, a revision restored): the state it replaces is kept as a
 * revision with the version it held, and the fields become current as the next version
 * (api-contract.md "Versions" and "History"). The version comes from the shared decision.
 */
export function reviseRumination(
  rumination: StoredRumination,
  fields: StoredRuminationFields<RuminationWrite>,
  version = rumination.version + 1,
  time = now(),
): StoredRumination {
  db.revisions.push({
    id: nextId(),
    ruminationId: rumination.id,
    version: rumination.version,
    content: rumination.content,
    isPublished: rumination.isPublished,
    audiences: [...rumination.audiences],
    savedTMS: rumination.updateTMS,
  });
  Object.assign(rumination, fields, { version, updateTMS: time });
  saveDb();
  return rumination;
}

/** Moves a rumination to its author's trash; its comments, revisions and notifications stay. */
export function moveToTrash(rumination: StoredRumination, at = now()): StoredRumination {
  rumination.deletedTMS = at;
  saveDb();
  return rumination;
}

/** Puts a trashed rumination back as it was (same version, comments and revisions). */
export function takeOutOfTrash(rumination: StoredRumination): StoredRumination {
  delete rumination.deletedTMS;
  return rumination;
}

/**
 * Erases ruminations for good (permanent delete, empty trash, retention, an erased account), with
 * what hangs off them: comments, revisions and the notifications about them.
 */
export function eraseRuminations(ids: ReadonlySet<number>): void {
  if (ids.size === 0) return;
  db.ruminations = db.ruminations.filter((r) => !ids.has(r.id));
  db.revisions = db.revisions.filter((r) => !ids.has(r.ruminationId));
  db.comments = db.comments.filter((c) => !ids.has(c.ruminationId));
  db.notifications = db.notifications.filter(
    (n) => n.ruminationId === null || !ids.has(n.ruminationId),
  );
  // Their photos are let go (as the server's foreign key sets null) and so swept at once.
  for (const m of db.media) {
    if (m.ruminationId !== null && ids.has(m.ruminationId)) {
      m.ruminationId = null;
      m.eraseAfter = null;
    }
  }
  sweepMedia();
}

/** How long a rumination waits in the trash: the server's default (the mock has no settings). */
export const TRASH_RETENTION_SECONDS = TRASH_RETENTION_SECONDS_DEFAULT;

/**
 * Erases what has been in the trash past its retention. The server's sweep runs on a timer;
 * here it runs before every call (mocks/http.ts `route`), so nothing past it is ever read.
 */
export function sweepTrash(at = new Date()): void {
  const expired = db.ruminations.filter(
    (r) => r.deletedTMS !== undefined && isPastRetention(r.deletedTMS, at, TRASH_RETENTION_SECONDS),
  );
  eraseRuminations(new Set(expired.map((r) => r.id)));
  sweepMedia(at);
}

/** Held by a note, or an upload whose time to be taken has not come: read and counted as kept. */
export function isMediaLive(m: StoredMedia, at = new Date()): boolean {
  return m.ruminationId !== null || (m.eraseAfter !== null && m.eraseAfter > at.toISOString());
}

/** Erases these uploads, rows and files (files after the rows: nothing reads a row's files then). */
export function eraseMedia(ids: ReadonlySet<number>): void {
  if (ids.size === 0) return;
  db.media = db.media.filter((m) => !ids.has(m.id));
  void deleteMediaFiles([...ids]);
}

/**
 * Erases the photos that are due: uploads no note took within 24 hours, photos a note let go and
 * those of erased notes. The server sweeps on a timer; here it runs before every call (with the
 * trash's sweep) and when a note or an account is erased.
 */
export function sweepMedia(at = new Date()): void {
  eraseMedia(new Set(db.media.filter((m) => !isMediaLive(m, at)).map((m) => m.id)));
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
      ruminationId === null ? 0 : db.media.filter((m) => m.ruminationId === ruminationId).length,
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
  db.media.push(media);
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
  db.comments.push(comment);
  saveDb();
  return comment;
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
  db.relations.push(relation);
  saveDb();
  return relation;
}

export interface CreateNotificationOptions {
  recipientId: number;
  actorId: number;
  kind: NotificationKind;
  ruminationId?: number | null;
  commentId?: number | null;
  relationId?: number | null;
  relationType?: RelationType | null;
  /** Default false. */
  isRead?: boolean;
  createTMS?: string;
}

/** Stores one notification (the handlers' way too); open streams of the recipient are told. */
export function createNotification(options: CreateNotificationOptions): StoredNotification {
  const notification: StoredNotification = {
    id: nextId(),
    recipientId: options.recipientId,
    kind: options.kind,
    createTMS: options.createTMS ?? now(),
    isRead: options.isRead ?? false,
    actorId: options.actorId,
    ruminationId: options.ruminationId ?? null,
    commentId: options.commentId ?? null,
    relationId: options.relationId ?? null,
    relationType: options.relationType ?? null,
  };
  db.notifications.push(notification);
  saveDb();
  return notification;
}

/** Publishes a new current terms version: everybody must accept it before writing again. */
export function publishTermsVersion(version: string, content?: string): StoredTerms {
  const terms: StoredTerms = {
    version,
    content: content ?? `# Terms of Service\n\nVersion ${version}.`,
    createdAt: now(),
  };
  db.terms.push(terms);
  saveDb();
  return terms;
}

export function acceptTerms(userId: number, version?: string): StoredAcceptance {
  const acceptance: StoredAcceptance = {
    userId,
    version: version ?? currentTerms()?.version ?? INITIAL_TERMS_VERSION,
    acceptedAt: now(),
  };
  db.acceptances.push(acceptance);
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
  db.pushSubscriptions.push(subscription);
  saveDb();
  return subscription;
}

/** Activation and reset emails "sent" so far (oldest first). */
export function outbox(): SentEmail[] {
  return db.outbox;
}

/** The web app's page an account email links to, with its token. */
export function accountLinkOf(token: AccountToken, origin: string): string {
  const path = token.purpose === 'activate' ? '/activate' : '/reset-password';
  return `${origin}${path}?token=${token.token}`;
}

/** Issues a single-use account token and "sends" its link by email. */
export function sendAccountToken(
  user: StoredUser,
  purpose: AccountToken['purpose'],
  origin: string,
): AccountToken {
  const issuedAt = now();
  const token: AccountToken = {
    token: randomToken(16),
    userId: user.id,
    purpose,
    issuedAt,
    expiresAt: new Date(Date.parse(issuedAt) + ACCOUNT_LINK_LIFETIME_MS[purpose]).toISOString(),
    used: false,
  };
  db.accountTokens.push(token);
  db.outbox.push({
    to: user.email,
    subject: purpose === 'activate' ? 'Activate your account' : 'Reset your password',
    link: accountLinkOf(token, origin),
    sentAt: now(),
  });
  return token;
}

/** When the newest token of that purpose was issued to the user, or undefined. */
export function lastAccountTokenIssuedAt(
  userId: number,
  purpose: AccountToken['purpose'],
): string | undefined {
  const newest = db.accountTokens.findLast((t) => t.userId === userId && t.purpose === purpose);
  return newest?.issuedAt;
}

/** A token in any state (used, expired), as the server keeps them all. */
export function findAnyAccountToken(
  token: string,
  purpose: AccountToken['purpose'],
): AccountToken | undefined {
  return db.accountTokens.find((t) => t.token === token && t.purpose === purpose);
}

/** The unused, unexpired token of that purpose, or undefined. */
export function findAccountToken(
  token: string,
  purpose: AccountToken['purpose'],
): AccountToken | undefined {
  const found = db.accountTokens.find((t) => t.token === token && t.purpose === purpose);
  if (!found || found.used || Date.parse(found.expiresAt) < Date.now()) return undefined;
  return found;
}
