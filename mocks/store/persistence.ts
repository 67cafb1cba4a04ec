import type { MockDb } from './tables';

/**
 * Where the browser demo keeps its data between reloads (mocks/browser.ts sets it); null in tests
 * (memory only).
 */
export interface Persistence {
  load(): MockDb | null;
  save(db: MockDb): void;
  /**
   * Runs one call alone across every tab of the demo (each tab holds its own copy of the store,
   * read before and saved after each call): without it a call of one tab could save its copy over
   * a write another tab made meanwhile, and that write would be lost.
   */
  exclusive?<T>(call: () => Promise<T>): Promise<T>;
}

let persistence: Persistence | null = null;

export function setPersistence(next: Persistence | null): void {
  persistence = next;
}

/** The stored copy (demo only), brought up to today's tables; undefined when there is none. */
export function loadSavedDb(): MockDb | undefined {
  const stored = persistence?.load();
  return stored ? withAllTables(stored) : undefined;
}

/** Runs a call of the mock backend alone across the demo's tabs; at once elsewhere. */
export function exclusiveCall<T>(call: () => Promise<T>): Promise<T> {
  return persistence?.exclusive ? persistence.exclusive(call) : call();
}

/** Keeps a copy of the store (demo only). */
export function saveDbCopy(db: MockDb): void {
  persistence?.save(db);
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
export function withAllTables(next: MockDb): MockDb {
  if (!Array.isArray(next.notifications)) next.notifications = [];
  if (!Array.isArray(next.revisions)) next.revisions = [];
  if (!Array.isArray(next.preferences)) next.preferences = [];
  if (!Array.isArray(next.pushSubscriptions)) next.pushSubscriptions = [];
  if (!Array.isArray(next.idempotentAnswers)) next.idempotentAnswers = [];
  if (!Array.isArray(next.media)) next.media = [];
  if (!Array.isArray(next.reactions)) next.reactions = [];
  if (!Array.isArray(next.reactionNotified)) next.reactionNotified = [];
  if (!Array.isArray(next.mentionNotified)) next.mentionNotified = [];
  if (!Array.isArray(next.imports)) next.imports = [];
  if (!Array.isArray(next.importEntries)) next.importEntries = [];
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
