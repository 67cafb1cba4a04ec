import { strToU8, zipSync, type Zippable } from 'fflate';
import { HttpResponse } from 'msw';
import {
  exportQuery,
  type AccountExport,
  type ExportedRumination,
} from '../../src/api/account-schemas';
import {
  COMMENTS_FILE_NAME,
  EXPORT_CONTENT_TYPES,
  commentsMarkdown,
  exportContentDisposition,
  exportFileName,
  mediaFileName,
  repliesOutsideExport,
  revisionFileName,
  revisionMarkdown,
  ruminationFileName,
  ruminationMarkdown,
} from '../../src/domain/markdown-export';
import { REACTIONS_FILE_NAME, reactionsMarkdown } from '../../src/domain/markdown-export-reactions';
import { countReactions } from '../../src/domain/reactions';
import { ApiProblem } from '../../src/api/problem';
import {
  ACCOUNT_PROBLEMS,
  decideExportStart,
  EXPORT_RETRY_AFTER_SECONDS,
} from '../../src/domain/account-decisions';
import { readQuery, requireUser, route } from '../http';
import { sniffImageType } from '../../src/domain/media-decisions';
import { findUser } from '../store/lookups';
import { getDb } from '../store/db';
import type { MockDb, StoredRumination } from '../store/tables';
import { readMediaFile } from './media';
import {
  isLive,
  mediaOfRumination,
  toAccount,
  toExportedComment,
  toRelation,
  toRevision,
  toRumination,
  userRef,
} from '../views';

/**
 * GET /api/account/export in the mock backend (api-contract.md "My writing"): the same document
 * and the same Markdown (src/domain/markdown-export.ts) as the server, in the same order, built at
 * once: the mock's store is in memory anyway. The server streams both instead.
 *
 * An account runs one export at a time here too (api-contract.md "My account"): an export runs
 * until its body has been read to the end (or cancelled, where the cancel reaches the mock: MSW's
 * Node interceptor does not pass it on), so a test can hold one open. The mock is one instance
 * with no bound of its own on exports.
 */

/** The accounts whose export body is still being read, per store (a reset forgets them). */
const running = new WeakMap<MockDb, Set<number>>();

function runningExports(): Set<number> {
  const db = getDb();
  let set = running.get(db);
  if (!set) running.set(db, (set = new Set()));
  return set;
}

/** Pieces a reader takes one by one; never fewer than two, so that an export is not over at once. */
const PIECE_BYTES = 16 * 1024;

/**
 * The body, handed out piece by piece; `end` runs once, when the last piece was taken or the reader
 * cancelled. A ReadableStream takes its first piece as soon as it exists, so a body read in one
 * piece would end before anyone read it.
 */
function bodyOf(bytes: Uint8Array, end: () => void): ReadableStream<Uint8Array> {
  const size = Math.min(PIECE_BYTES, Math.max(1, Math.ceil(bytes.length / 2)));
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
      if (at >= bytes.length) {
        end();
        controller.close();
      }
    },
    cancel() {
      end();
    },
  });
}

/** The document, and per own comment whether comments.md says it replies outside the file. */
interface ExportOfAccount {
  data: AccountExport;
  ownRepliesOutside: boolean[];
}

/**
 * What the server's export holds, in its orders: notes newest first, their revisions by note then
 * revision, comments on the caller's notes by note then comment, the rest oldest first. Notes in
 * the trash are left out with their revisions and the comments on them, as from every other list.
 */
function accountExportOf(userId: number): ExportOfAccount {
  const user = findUser(userId);
  if (!user) throw ApiProblem.of(ACCOUNT_PROBLEMS.exportGone);
  const db = getDb();
  const live = new Set(db.ruminations.filter(isLive).map((r) => r.id));
  const own = db.ruminations.filter((r) => r.authorId === userId && live.has(r.id));
  const ownIds = new Set(own.map((r) => r.id));
  const authorOf = new Map(db.ruminations.map((r) => [r.id, r.authorId]));
  const commentAuthorOf = new Map(db.comments.map((c) => [c.id, c.authorId]));
  const ownComments = db.comments
    .filter((c) => c.authorId === userId && live.has(c.ruminationId))
    .sort((a, b) => a.id - b.id);
  const data: AccountExport = {
    exportedAt: new Date().toISOString(),
    account: toAccount(user),
    ruminations: own.sort((a, b) => b.id - a.id).map(toExportedRumination),
    revisions: db.revisions
      .filter((v) => ownIds.has(v.ruminationId))
      .sort((a, b) => a.ruminationId - b.ruminationId || a.id - b.id)
      .map((v) => ({ ruminationId: v.ruminationId, ...toRevision(v) })),
    comments: ownComments.map(toExportedComment),
    commentsOnMyRuminations: db.comments
      .filter((c) => ownIds.has(c.ruminationId) && c.authorId !== userId)
      .sort((a, b) => a.ruminationId - b.ruminationId || a.id - b.id)
      .map(toExportedComment),
    // By rumination then kind, received then by person: the server's keys' order.
    reactionsGiven: db.reactions
      .filter((x) => x.userId === userId && live.has(x.ruminationId))
      .sort((a, b) => a.ruminationId - b.ruminationId || a.kind.localeCompare(b.kind))
      .map(({ ruminationId, kind, createTMS }) => ({ ruminationId, kind, createTMS })),
    reactionsReceived: db.reactions
      .filter((x) => ownIds.has(x.ruminationId))
      .sort(
        (a, b) =>
          a.ruminationId - b.ruminationId || a.kind.localeCompare(b.kind) || a.userId - b.userId,
      )
      .map(({ ruminationId, kind, createTMS, userId: by }) => ({
        ruminationId,
        kind,
        createTMS,
        user: userRef(by),
      })),
    relations: db.relations
      .filter((r) => r.initiatorId === userId || r.receiverId === userId)
      .sort((a, b) => a.id - b.id)
      .map(toRelation),
    termsAcceptances: db.acceptances
      .filter((a) => a.userId === userId)
      .map((a) => ({ version: a.version, acceptedAt: a.acceptedAt })),
  };
  const ownRepliesOutside = ownComments.map((c) =>
    repliesOutsideExport(userId, {
      parentCommentId: c.parentCommentId,
      ruminationAuthorId: authorOf.get(c.ruminationId) ?? 0,
      parentAuthorId:
        c.parentCommentId === null ? null : (commentAuthorOf.get(c.parentCommentId) ?? null),
    }),
  );
  return { data, ownRepliesOutside };
}

/** A note as the export holds it: its photos as ids, sizes and alt text, no URLs. */
function toExportedRumination(r: StoredRumination): ExportedRumination {
  return {
    ...toRumination(r),
    // Counted as their author sees them (each reaction is in reactionsReceived).
    reactions: countReactions(
      getDb().reactions.filter((x) => x.ruminationId === r.id),
      r.authorId,
    ),
    media: mediaOfRumination(r.id).map(({ id, width, height, alt }) => ({
      id,
      width,
      height,
      alt,
    })),
  };
}

/**
 * A note's photos as zip files: WebP, as the server's zip holds them; JPEG for a note with a
 * photo this browser could not encode as WebP (the canvas gave another format), so that every
 * link of the note names what its file is.
 */
async function photosOf(
  rumination: ExportedRumination,
): Promise<{ extension: 'webp' | 'jpg'; files: [number, Uint8Array][] }> {
  const rows = new Map(getDb().media.map((m) => [m.id, m]));
  const held = rumination.media.flatMap((m) => rows.get(m.id) ?? []);
  const webp = await Promise.all(held.map((m) => readMediaFile(m, 'photo', 'webp')));
  if (webp.every((f) => f !== undefined && sniffImageType(f.subarray(0, 32)) === 'webp')) {
    return { extension: 'webp', files: held.map((m, i) => [m.id, webp[i]!]) };
  }
  const jpeg = await Promise.all(held.map((m) => readMediaFile(m, 'photo', 'jpeg')));
  return {
    extension: 'jpg',
    files: held.flatMap((m, i) => (jpeg[i] ? [[m.id, jpeg[i]] as [number, Uint8Array]] : [])),
  };
}

async function markdownZip({ data, ownRepliesOutside }: ExportOfAccount): Promise<Uint8Array> {
  const files: Zippable = {};
  for (const rumination of data.ruminations) {
    const mtime = new Date(rumination.updateTMS);
    const photos = await photosOf(rumination);
    files[ruminationFileName(rumination)] = [
      strToU8(ruminationMarkdown(rumination, photos.extension)),
      { mtime },
    ];
    // Already compressed: stored as they are.
    for (const [id, bytes] of photos.files) {
      files[mediaFileName(id, photos.extension)] = [bytes, { mtime, level: 0 }];
    }
  }
  for (const revision of data.revisions) {
    files[revisionFileName(revision)] = [
      strToU8(revisionMarkdown(revision)),
      { mtime: new Date(revision.savedTMS) },
    ];
  }
  files[COMMENTS_FILE_NAME] = [
    strToU8(
      commentsMarkdown(
        data.comments.map((comment, i) => ({
          comment,
          repliesOutside: ownRepliesOutside[i] ?? false,
        })),
        data.commentsOnMyRuminations,
      ),
    ),
    { mtime: new Date(data.exportedAt) },
  ];
  files[REACTIONS_FILE_NAME] = [
    strToU8(reactionsMarkdown(data.reactionsGiven, data.reactionsReceived)),
    { mtime: new Date(data.exportedAt) },
  ];
  return zipSync(files);
}

export const accountExportHandlers = [
  route('get', '/api/account/export', async ({ request }) => {
    // The query first, then the token: the server validates before its handler runs.
    const { format } = readQuery(request, exportQuery);
    const userId = requireUser(request);
    const exports = runningExports();
    const start = decideExportStart({
      accountExportRunning: exports.has(userId),
      instanceExportsFull: false,
    });
    if (!start.ok) {
      throw ApiProblem.of(start.refusal).withHeaders({
        'Retry-After': String(EXPORT_RETRY_AFTER_SECONDS),
      });
    }
    const exported = accountExportOf(userId);
    const { data } = exported;
    const kind = format === 'json' ? 'json' : 'zip';
    const headers = {
      'Content-Type': EXPORT_CONTENT_TYPES[kind],
      'Content-Disposition': exportContentDisposition(
        exportFileName(data.account.username, data.exportedAt, kind),
      ),
    };
    // Running from here: the zip reads the photos' files, and a second export may ask meanwhile.
    exports.add(userId);
    let bytes: Uint8Array;
    try {
      bytes = format === 'json' ? strToU8(JSON.stringify(data)) : await markdownZip(exported);
    } catch (error) {
      exports.delete(userId);
      throw error;
    }
    return new HttpResponse(
      bodyOf(bytes, () => exports.delete(userId)),
      { headers },
    );
  }),
];
