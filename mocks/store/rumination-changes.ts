import { TRASH_RETENTION_SECONDS_DEFAULT } from '../../src/api/limits';
import type { RuminationWrite } from '../../src/api/rumination-schemas';
import {
  isPastRetention,
  type StoredRuminationFields,
} from '../../src/domain/rumination-decisions';
import { now } from './clock';
import { getDb, nextId, saveDb } from './db';
import { sweepMedia } from './media-changes';
import { eraseUnreadableReactions } from './reaction-changes';
import type { StoredRumination } from './tables';

/**
 * How ruminations change once written, as the handlers (and tests arranging data) store it:
 * revisions, the trash, and erasing for good with what hangs off them.
 */

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
  getDb().revisions.push({
    id: nextId(),
    ruminationId: rumination.id,
    version: rumination.version,
    content: rumination.content,
    isPublished: rumination.isPublished,
    audiences: [...rumination.audiences],
    savedTMS: rumination.updateTMS,
  });
  Object.assign(rumination, fields, { version, updateTMS: time });
  // A narrower audience (or back to a draft): reactions of people who may no longer read it go.
  eraseUnreadableReactions();
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
 * what hangs off them: comments, reactions, revisions and the notifications about them.
 */
export function eraseRuminations(ids: ReadonlySet<number>): void {
  if (ids.size === 0) return;
  const db = getDb();
  db.ruminations = db.ruminations.filter((r) => !ids.has(r.id));
  db.revisions = db.revisions.filter((r) => !ids.has(r.ruminationId));
  db.comments = db.comments.filter((c) => !ids.has(c.ruminationId));
  db.reactions = db.reactions.filter((x) => !ids.has(x.ruminationId));
  db.reactionNotified = db.reactionNotified.filter((x) => !ids.has(x.ruminationId));
  db.mentionNotified = db.mentionNotified.filter((m) => !ids.has(m.ruminationId));
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
  const expired = getDb().ruminations.filter(
    (r) => r.deletedTMS !== undefined && isPastRetention(r.deletedTMS, at, TRASH_RETENTION_SECONDS),
  );
  eraseRuminations(new Set(expired.map((r) => r.id)));
  sweepMedia(at);
}
