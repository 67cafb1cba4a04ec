import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { LIST_LIMIT_DEFAULT } from '../../../src/api/common';
import type {
  createRuminationRequest,
  ruminationWriteRequest,
  PageQuery,
  Rumination,
  RuminationListQuery,
  RuminationRevision,
} from '../../../src/api/rumination-schemas';
import {
  PRECONDITION_PROBLEMS,
  settleOrConflict,
  type ExpectedVersion,
} from '../../../src/api/preconditions';
import { allow, refuse, type Decision } from '../../../src/domain/decision';
import type { Database } from '../../db/schema';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  decideRevisionRestore,
  decideRevisionsRead,
  decideRuminationDelete,
  decideRuminationEdit,
  ruminationFieldsOf,
  RUMINATION_PROBLEMS,
  type ChangeableRumination,
  type StoredRuminationFields,
} from '../../../src/domain/rumination-decisions';
import { audiencesToMask, maskToAudiences } from './audience-mask';
import {
  findRevision,
  findVisibleRumination,
  insertRevision,
  insertRumination,
  listByAuthor,
  listFeed,
  listOwn,
  listOwnMatching,
  listPublic,
  listRevisions,
  updateRumination as updateRuminationRow,
  type Page,
  type RevisionRow,
  type RuminationRow,
} from './rumination-queries';
import { moveToTrash } from './trash-queries';
import { searchTerms } from '../../../src/domain/note-search';
import { decideWrittenTime } from '../../../src/domain/written-time';
import type { MediaSigner } from '../../../src/api/media-urls';
import {
  decideWriteMedia,
  ruminationListWithMedia,
  ruminationWithMedia,
  writeMedia,
  type MediaAttachment,
} from './rumination-media';
import { asWriter } from '../../credentials/writer-lock';
import { eraseUnreadableReactions } from '../reactions/reaction-queries';
import { tagFilterOf } from '../../../src/domain/tags';
import type { Notified } from '../notifications/notification-service';
import { notifyMentions } from '../notifications/mention-notices';
import { listTagged, tagCountsOf, writeTags } from './rumination-tags';
import type { TagCount } from '../../../src/api/tag-schemas';
import { dayRange } from '../../../src/domain/memories';
import { findPreferences } from '../preferences/preferences-queries';

/**
 * Ruminations (api-contract.md "Ruminations"): loads the facts, asks the shared rules
 * (src/domain/rumination-decisions.ts) and stores what they decided. Every answer carries the
 * notes' photos with URLs signed for the caller (rumination-media.ts): `signer` is the deployment's
 * (app.media.signer()), loaded by the route before any transaction.
 */

export type RuminationInput = z.output<typeof ruminationWriteRequest>;
export type CreateRuminationInput = z.output<typeof createRuminationRequest>;

/** The usual paging of every list (newest first, `BeforeId` keyset). */
export function pageOf(query: PageQuery): Page {
  return { limit: query.Limit ?? LIST_LIMIT_DEFAULT, beforeId: query.BeforeId };
}

/** The decided fields as columns. */
function toWrite(fields: StoredRuminationFields<RuminationInput>) {
  return {
    content: fields.content,
    is_published: fields.isPublished ? 1 : 0,
    audience_mask: audiencesToMask(fields.audiences),
  };
}

/** One rumination the viewer may read; 404 alike for missing and hidden ones. */
export async function requireVisibleRumination(
  db: Kysely<Database>,
  id: number,
  viewerId: number | null,
): Promise<RuminationRow> {
  const row = await findVisibleRumination(db, id, viewerId);
  if (!row) throw ApiProblem.of(RUMINATION_PROBLEMS.notFound);
  return row;
}

export async function getRumination(
  db: Kysely<Database>,
  id: number,
  viewerId: number | null,
  signer: MediaSigner,
): Promise<Rumination> {
  return ruminationWithMedia(
    db,
    await requireVisibleRumination(db, id, viewerId),
    viewerId,
    signer,
  );
}

export async function listMine(
  db: Kysely<Database>,
  userId: number,
  query: RuminationListQuery,
  signer: MediaSigner,
): Promise<Rumination[]> {
  const terms = searchTerms(query.q);
  const tag = tagFilterOf(query.tag);
  // A tag no note can hold finds nothing, and asks nothing of the database.
  if (tag === null) return [];
  // `date` (ours, for the calendar's day): that local day in the caller's zone.
  const created =
    query.date === undefined
      ? undefined
      : dayRange(query.date, (await findPreferences(db, userId)).timeZone);
  const rows =
    terms.length > 0
      ? await listOwnMatching(db, userId, query.isPublic, terms, pageOf(query), tag, created)
      : tag !== undefined
        ? await listTagged(
            db,
            { tag, viewerId: userId, authorId: userId, published: query.isPublic, created },
            pageOf(query),
          )
        : await listOwn(db, userId, query.isPublic, pageOf(query), created);
  return ruminationListWithMedia(db, rows, userId, signer);
}

/** Published ruminations of the other users related to the caller, as far as the caller may read. */
export async function listFeedOf(
  db: Kysely<Database>,
  userId: number,
  query: RuminationListQuery,
  signer: MediaSigner,
): Promise<Rumination[]> {
  const tag = tagFilterOf(query.tag);
  if (tag === null) return [];
  const rows = await listFeed(
    db,
    userId,
    query.UserId,
    query.isPublic === true,
    pageOf(query),
    tag,
  );
  return ruminationListWithMedia(db, rows, userId, signer);
}

/**
 * Without UserId: public ruminations of everyone (isPublic is moot). With UserId: that author's
 * published ones, public only when isPublic=true, else every one the caller may read.
 */
export async function listPublicOf(
  db: Kysely<Database>,
  viewerId: number | null,
  query: RuminationListQuery,
  signer: MediaSigner,
): Promise<Rumination[]> {
  const tag = tagFilterOf(query.tag);
  if (tag === null) return [];
  const rows =
    tag !== undefined
      ? await listTagged(
          db,
          query.UserId === undefined
            ? { tag, viewerId: null, published: true, publicOnly: true }
            : {
                tag,
                viewerId,
                authorId: query.UserId,
                published: true,
                publicOnly: query.isPublic === true,
              },
          pageOf(query),
        )
      : query.UserId === undefined
        ? await listPublic(db, pageOf(query))
        : await listByAuthor(db, query.UserId, viewerId, query.isPublic === true, pageOf(query));
  return ruminationListWithMedia(db, rows, viewerId, signer);
}

/**
 * A new rumination, dated when it was written (`writtenTMS`, for one sent later) if that is
 * believable, else now; its updateTMS is the same, so it does not read as edited. Decided here,
 * inside an Idempotency-Key's write, so a replay answers the first answer even once that time has
 * grown too old to be accepted anew.
 */
export async function createRumination(
  db: Kysely<Database>,
  userId: number,
  { writtenTMS, ...input }: CreateRuminationInput,
  signer: MediaSigner,
  news: Notified = [],
): Promise<Rumination> {
  const createTMS = settle(decideWrittenTime(writtenTMS, new Date()));
  const fields = ruminationFieldsOf(input);
  return asWriter(db, userId, async (trx) => {
    // Decided before the insert: a refused photo leaves no note behind.
    const media = settle(await decideWriteMedia(trx, userId, null, input.media));
    const id = await insertRumination(trx, userId, toWrite(fields), createTMS);
    await writeMedia(trx, id, media);
    await saveReferences(trx, id, userId, fields, news);
    return getRumination(trx, id, userId, signer);
  });
}

/** The rumination as the caller may see it, with what changing it needs (never one in the trash). */
export async function findChangeable(
  db: Kysely<Database>,
  id: number,
  userId: number,
): Promise<(ChangeableRumination & { id: number; row: RuminationRow }) | undefined> {
  const row = await findVisibleRumination(db, id, userId);
  return row && { id: row.id, authorId: row.author_id, version: row.version, row };
}

/**
 * How often a change is decided again when another writer changed the rumination between reading
 * it and writing (the conditional write found another version): without If-Match the change then
 * lands on the new version (last write wins); with it the new decision is the 412.
 */
const MAX_ATTEMPTS = 5;

type Changeable = NonNullable<Awaited<ReturnType<typeof findChangeable>>>;

/**
 * Reads the rumination, decides, and writes on the version decided on; on a concurrent change
 * (the conditional write wrote nothing) reads and decides again. A 412 goes out with `current`, the
 * rumination as GET answers it. Runs inside the writer's transaction (asWriter), but does not rely
 * on its lock to keep the check and the write together: that lock is FOR SHARE on the user row, so
 * one person's writes run side by side on PostgreSQL (two tabs, two devices); the conditional write
 * (`where version = ...`, rumination-queries.ts) is what makes them atomic.
 */
async function changeOnVersion<T>(
  trx: Kysely<Database>,
  userId: number,
  id: number,
  signer: MediaSigner,
  decide: (rumination: Changeable | undefined) => Promise<Decision<T>>,
  write: (decided: T, rumination: Changeable) => Promise<boolean>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const rumination = await findChangeable(trx, id, userId);
    const decision =
      attempt > MAX_ATTEMPTS
        ? refuse(PRECONDITION_PROBLEMS.changedElsewhere)
        : await decide(rumination);
    const decided = await settleOrConflict(decision, () => getRumination(trx, id, userId, signer));
    // Decided on a rumination that exists (every refusal above threw).
    if (rumination !== undefined && (await write(decided, rumination))) return;
  }
}

/**
 * What a saved content refers to: its tags, rewritten, and its mentions, told to whoever is newly
 * mentioned once it is published (`news` collects them, for the route to publish after the commit).
 */
async function saveReferences(
  trx: Kysely<Database>,
  id: number,
  authorId: number,
  fields: StoredRuminationFields<RuminationInput>,
  news: Notified,
): Promise<void> {
  await writeTags(trx, id, authorId, fields.content);
  news.push(
    ...(await notifyMentions(trx, {
      ruminationId: id,
      commentId: null,
      actorId: authorId,
      content: fields.content,
      published: fields.isPublished,
    })),
  );
}

/** An edit as decided: the fields to make current, their version, and the photos it names. */
interface DecidedEdit {
  fields: StoredRuminationFields<RuminationInput>;
  version: number;
  media?: MediaAttachment;
}

/**
 * Stores an edit decided on `rumination`: the new state, and the replaced one as a revision; and
 * the photos the edit named (`media`: undefined keeps them). Revisions hold the text, the publish
 * state and the audiences only, not the photos (api-contract.md "History").
 */
async function writeEdit(
  trx: Kysely<Database>,
  edit: DecidedEdit,
  rumination: Changeable,
  news: Notified,
): Promise<boolean> {
  const now = new Date().toISOString();
  const wrote = await updateRuminationRow(
    trx,
    rumination.id,
    toWrite(edit.fields),
    now,
    edit.version,
    rumination.row,
  );
  if (wrote) {
    await insertRevision(trx, rumination.row);
    await writeMedia(trx, rumination.id, edit.media);
    await saveReferences(trx, rumination.id, rumination.authorId, edit.fields, news);
  }
  return wrote;
}

/**
 * A change that makes a new version of the rumination (an edit, a revision restored): decided and
 * written on the version read (changeOnVersion), the replaced state kept as a revision (writeEdit),
 * in the writer's transaction; answers the rumination as GET answers it.
 */
function editOnVersion(
  db: Kysely<Database>,
  userId: number,
  id: number,
  signer: MediaSigner,
  decide: (
    trx: Kysely<Database>,
    rumination: Changeable | undefined,
  ) => Promise<Decision<DecidedEdit>>,
  news: Notified,
): Promise<Rumination> {
  return asWriter(db, userId, async (trx) => {
    await changeOnVersion(
      trx,
      userId,
      id,
      signer,
      (rumination) => decide(trx, rumination),
      (edit, rumination) => writeEdit(trx, edit, rumination, news),
    );
    // A narrower audience (or back to a draft): reactions of people who may no longer read it go.
    await eraseUnreadableReactions(trx, { ruminationId: id });
    return getRumination(trx, id, userId, signer);
  });
}

export async function updateRumination(
  db: Kysely<Database>,
  userId: number,
  id: number,
  input: RuminationInput,
  signer: MediaSigner,
  expected: ExpectedVersion = undefined,
  news: Notified = [],
): Promise<Rumination> {
  return editOnVersion(
    db,
    userId,
    id,
    signer,
    async (trx, rumination) => {
      // Who may edit, and on which version, before what the photos are (404, 403, 412, then 400).
      const edit = decideRuminationEdit(rumination, userId, input, expected);
      if (!edit.ok) return edit;
      const media = await decideWriteMedia(trx, userId, id, input.media);
      return media.ok ? allow({ ...edit.value, media: media.value }) : media;
    },
    news,
  );
}

/** DELETE: moves the rumination to its author's trash (comments and revisions stay with it). */
export async function deleteRumination(
  db: Kysely<Database>,
  userId: number,
  id: number,
  signer: MediaSigner,
  expected: ExpectedVersion = undefined,
): Promise<void> {
  await asWriter(db, userId, async (trx) => {
    await changeOnVersion(
      trx,
      userId,
      id,
      signer,
      async (rumination) => decideRuminationDelete(rumination, userId, expected),
      (rumination) => moveToTrash(trx, id, rumination.version, new Date().toISOString()),
    );
  });
}

function toRevision(row: RevisionRow): RuminationRevision {
  return {
    id: row.id,
    version: row.version,
    content: row.content,
    isPublished: row.is_published === 1,
    audiences: maskToAudiences(row.audience_mask).map((relationType) => ({ relationType })),
    savedTMS: row.saved_tms,
  };
}

/** A rumination's history, newest first: its author's alone (404 to anyone else, and in the trash). */
export async function listRevisionsOf(
  db: Kysely<Database>,
  userId: number,
  id: number,
  query: PageQuery,
): Promise<RuminationRevision[]> {
  settle(decideRevisionsRead(await findChangeable(db, id, userId), userId));
  return (await listRevisions(db, id, pageOf(query))).map(toRevision);
}

/**
 * Makes a revision's state current as a new version (the state it replaces becomes a revision).
 * The note keeps the photos it has now: revisions hold text, publish state and audiences only.
 */
export async function restoreRevision(
  db: Kysely<Database>,
  userId: number,
  id: number,
  revisionId: number,
  signer: MediaSigner,
  expected: ExpectedVersion = undefined,
  news: Notified = [],
): Promise<Rumination> {
  return editOnVersion(
    db,
    userId,
    id,
    signer,
    async (trx, rumination) => {
      const revision = await findRevision(trx, id, revisionId);
      return decideRevisionRestore(
        rumination,
        revision && {
          ruminationId: revision.rumination_id,
          content: revision.content,
          isPublished: revision.is_published === 1,
          audiences: maskToAudiences(revision.audience_mask),
        },
        userId,
        expected,
      );
    },
    news,
  );
}

/** GET /api/account/tags: the caller's own tags, drafts included, most used first, then by tag. */
export async function accountTagsOf(db: Kysely<Database>, userId: number): Promise<TagCount[]> {
  return tagCountsOf(db, userId);
}
