import type { Readable } from 'node:stream';
import { setImmediate as afterPendingIo } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type {
  Account,
  AccountExport,
  ExportedComment,
  ExportedReaction,
  ExportedReactionReceived,
  ExportedRevision,
  ExportedRumination,
} from '../../../src/api/account-schemas';
import type { AuthUser } from '../../credentials/request-auth';
import type { UserRef } from '../../../src/api/common';
import type { Database } from '../../db/schema';
import { ApiProblem } from '../../../src/api/problem';
import { ACCOUNT_PROBLEMS } from '../../../src/domain/account-decisions';
import { repliesOutsideExport } from '../../../src/domain/markdown-export';
import type { UserRelation } from '../../../src/api/relation-schemas';
import { toRelation } from '../relations/relation-service';
import { toRumination } from '../ruminations/rumination-wire';
import { pageExtrasOf } from '../ruminations/page-extras';
import { mediaFileKey, type MediaStorage } from '../media/media-storage';
import type { RuminationRow } from '../ruminations/rumination-queries';
import { maskToAudiences } from '../ruminations/audience-mask';
import type { ReactionKind } from '../../../src/domain/reactions';
import { findAccount } from './account-queries';
import {
  givenReactionPage,
  receivedReactionPage,
  type GivenCursor,
  type GivenReactionRow,
  type ReceivedCursor,
  type ReceivedReactionRow,
} from './export-reaction-queries';
import { toAccount } from './account-service';
import {
  commentOnOwnPage,
  EXPORT_PAGE_SIZE,
  listTermsAcceptances,
  ownCommentPage,
  ownRevisionPage,
  ownRuminationPage,
  ownPhotoStorageKey,
  relationPage,
  type CommentOnOwnCursor,
  type CommentOnOwnRow,
  type OwnCommentRow,
  type OwnRevisionRow,
  type RevisionCursor,
} from './export-queries';

/**
 * What the account export (api-contract.md "My writing") holds, in API shapes, for both writers
 * (export-json.ts, export-markdown.ts). The lists come as async sequences of pages, each read only
 * when the writer asks for it, so the server holds one page at a time whatever the account's size.
 */

/**
 * An own comment, and whether the comment it answers is in neither list (repliesOutsideExport):
 * comments.md says so; the JSON holds the comment alone.
 */
export interface OwnExportedComment {
  comment: ExportedComment;
  repliesOutside: boolean;
}

/** Everything an export writer needs, each list as pages in API shapes. */
export interface ExportSource {
  exportedAt: string;
  account: Account;
  /**
   * Own ruminations, drafts included, newest first. Not those in the trash: they are out of the
   * author's lists until restored, and so out of the export, with their revisions and comments.
   */
  ruminations(): AsyncIterable<ExportedRumination[]>;
  /**
   * One of those ruminations' photos (WebP, at most 2048 px) as a stream of its file's bytes;
   * undefined when it is gone (let go, or swept, since its page was read).
   */
  photo(mediaId: number): Promise<Readable | undefined>;
  /** The revisions of those ruminations, by rumination then revision, oldest first. */
  revisions(): AsyncIterable<ExportedRevision[]>;
  /** Own comments, deleted ones included, oldest first. */
  comments(): AsyncIterable<OwnExportedComment[]>;
  /**
   * Other people's comments on those ruminations, deleted ones included, by rumination then
   * comment, oldest first.
   */
  commentsOnMyRuminations(): AsyncIterable<ExportedComment[]>;
  /** Reactions I gave, by rumination then kind (not on notes in the trash). */
  reactionsGiven(): AsyncIterable<ExportedReaction[]>;
  /** Reactions on my ruminations (not those in the trash), by rumination, person, kind. */
  reactionsReceived(): AsyncIterable<ExportedReactionReceived[]>;
  /** Relations on either side, every state, oldest first. */
  relations(): AsyncIterable<UserRelation[]>;
  termsAcceptances(): Promise<AccountExport['termsAcceptances']>;
}

function toOwnExportedComment(row: OwnCommentRow, author: UserRef): OwnExportedComment {
  return {
    comment: toExportedComment(row, author),
    repliesOutside: repliesOutsideExport(author.id, {
      parentCommentId: row.parent_comment_id,
      ruminationAuthorId: row.rumination_author_id,
      parentAuthorId: row.parent_author_id,
    }),
  };
}

function toExportedComment(
  row: Omit<OwnCommentRow, 'rumination_author_id' | 'parent_author_id'>,
  author: UserRef,
): ExportedComment {
  return {
    id: row.id,
    content: row.content,
    createdBy: author,
    createTMS: row.create_tms,
    updateTMS: row.update_tms,
    isDeleted: row.is_deleted === 1,
    ruminationId: row.rumination_id,
    parentCommentId: row.parent_comment_id,
  };
}

function toExportedRevision(row: OwnRevisionRow): ExportedRevision {
  return {
    ruminationId: row.rumination_id,
    id: row.id,
    version: row.version,
    content: row.content,
    isPublished: row.is_published === 1,
    audiences: maskToAudiences(row.audience_mask).map((relationType) => ({ relationType })),
    savedTMS: row.saved_tms,
  };
}

/**
 * Pages of `read(cursor)` until a short one; `next` gives the cursor after a page.
 *
 * Before each page the export waits for the event loop's next turn (api-contract.md "My account":
 * exports never hold up other people). Without it nothing ever waits for I/O: better-sqlite3 reads
 * synchronously, a promise settles in the same turn, and a client on a fast link takes every chunk
 * at once, so a whole export ran as one turn while every other request waited (2.5 s for one
 * export of 15,000 notes). Other requests now run between any two pages.
 */
async function* pages<Row, Item, Cursor = number>(
  read: (cursor: Cursor | undefined) => Promise<Row[]>,
  next: (row: Row) => Cursor,
  map: (rows: Row[]) => Item[] | Promise<Item[]>,
): AsyncGenerator<Item[]> {
  let cursor: Cursor | undefined;
  for (;;) {
    await afterPendingIo();
    const rows = await read(cursor);
    if (rows.length > 0) yield await map(rows);
    if (rows.length < EXPORT_PAGE_SIZE) return;
    cursor = next(rows[rows.length - 1]!);
  }
}

/**
 * A page of own ruminations with their photos (one query for the page, as the API's lists), each
 * photo as its id, size and alt: no URL, which would expire within hours of the download.
 */
async function withExportedMedia(
  db: Kysely<Database>,
  rows: RuminationRow[],
): Promise<ExportedRumination[]> {
  const ids = rows.map((r) => r.id);
  // Their reactions' counts as the author sees them (each kind's full list is reactionsReceived).
  const { media: held, reactions } = await pageExtrasOf(db, ids, rows[0]?.author_id ?? null);
  return rows.map((row) => ({
    ...toRumination(row),
    reactions: reactions.get(row.id) ?? [],
    media: (held.get(row.id) ?? []).map((m) => ({
      id: m.id,
      width: m.width,
      height: m.height,
      alt: m.alt,
    })),
  }));
}

export async function exportSource(
  db: Kysely<Database>,
  user: AuthUser,
  storage: MediaStorage,
): Promise<ExportSource> {
  const row = await findAccount(db, user.id);
  // The token was valid a moment ago: the account was deleted in between.
  if (row === undefined) throw ApiProblem.of(ACCOUNT_PROBLEMS.exportGone);
  const author: UserRef = { id: row.id, username: row.username, displayName: row.display_name };
  return {
    exportedAt: new Date().toISOString(),
    account: toAccount(row),
    ruminations: () =>
      pages(
        (beforeId) => ownRuminationPage(db, row.id, beforeId),
        (r) => r.id,
        (rows) => withExportedMedia(db, rows),
      ),
    photo: async (mediaId) => {
      const storageKey = await ownPhotoStorageKey(db, row.id, mediaId);
      if (storageKey === undefined) return undefined;
      return (await storage.get(mediaFileKey(storageKey, 'photo', 'webp')))?.body;
    },
    revisions: () =>
      pages<OwnRevisionRow, ExportedRevision, RevisionCursor>(
        (after) => ownRevisionPage(db, row.id, after),
        (v) => ({ ruminationId: v.rumination_id, id: v.id }),
        (rows) => rows.map(toExportedRevision),
      ),
    comments: () =>
      pages(
        (afterId) => ownCommentPage(db, row.id, afterId ?? 0),
        (c) => c.id,
        (rows) => rows.map((c) => toOwnExportedComment(c, author)),
      ),
    commentsOnMyRuminations: () =>
      pages<CommentOnOwnRow, ExportedComment, CommentOnOwnCursor>(
        (after) => commentOnOwnPage(db, row.id, after),
        (c) => ({ ruminationId: c.rumination_id, id: c.id }),
        (rows) =>
          rows.map((c) =>
            toExportedComment(c, {
              id: c.author_id,
              username: c.author_username,
              displayName: c.author_display_name,
            }),
          ),
      ),
    reactionsGiven: () =>
      pages<GivenReactionRow, ExportedReaction, GivenCursor>(
        (after) => givenReactionPage(db, row.id, after),
        (x) => ({ ruminationId: x.rumination_id, kind: x.kind }),
        (rows) =>
          rows.map((x) => ({
            ruminationId: x.rumination_id,
            kind: x.kind as ReactionKind,
            createTMS: x.created_at,
          })),
      ),
    reactionsReceived: () =>
      pages<ReceivedReactionRow, ExportedReactionReceived, ReceivedCursor>(
        (after) => receivedReactionPage(db, row.id, after),
        (x) => ({ ruminationId: x.rumination_id, userId: x.user_id, kind: x.kind }),
        (rows) =>
          rows.map((x) => ({
            ruminationId: x.rumination_id,
            kind: x.kind as ReactionKind,
            createTMS: x.created_at,
            user: { id: x.user_id, username: x.user_username, displayName: x.user_display_name },
          })),
      ),
    relations: () =>
      pages(
        (afterId) => relationPage(db, row.id, afterId ?? 0),
        (r) => r.id,
        (rows) => rows.map(toRelation),
      ),
    termsAcceptances: async () =>
      (await listTermsAcceptances(db, row.id)).map((a) => ({
        version: a.version,
        acceptedAt: a.accepted_at,
      })),
  };
}
