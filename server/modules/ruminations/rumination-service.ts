import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { LIST_LIMIT_DEFAULT } from '../../../src/api/common';
import type {
  ruminationWriteRequest,
  Rumination,
  RuminationListQuery,
} from '../../../src/api/rumination-schemas';
import type { Database } from '../../db/schema';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  decideRuminationDelete,
  decideRuminationEdit,
  ruminationFieldsOf,
  RUMINATION_PROBLEMS,
  type ChangeableRumination,
  type StoredRuminationFields,
} from '../../../src/domain/rumination-decisions';
import { audiencesToMask } from './audience-mask';
import {
  deleteRuminationWithComments,
  findVisibleRumination,
  insertRumination,
  listByAuthor,
  listFeed,
  listOwn,
  listOwnMatching,
  listPublic,
  updateRumination as updateRuminationRow,
  type Page,
  type RuminationRow,
} from './rumination-queries';
import { searchTerms } from '../../../src/domain/note-search';
import { toRumination } from './rumination-wire';
import { asWriter } from '../../credentials/writer-lock';

/**
 * Ruminations (api-contract.md "Ruminations"): loads the facts, asks the shared rules
 * (src/domain/rumination-decisions.ts) and stores what they decided.
 */

export type RuminationInput = z.output<typeof ruminationWriteRequest>;

function pageOf(query: RuminationListQuery): Page {
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
): Promise<Rumination> {
  return toRumination(await requireVisibleRumination(db, id, viewerId));
}

export async function listMine(
  db: Kysely<Database>,
  userId: number,
  query: RuminationListQuery,
): Promise<Rumination[]> {
  const terms = searchTerms(query.q);
  const rows =
    terms.length === 0
      ? await listOwn(db, userId, query.isPublic, pageOf(query))
      : await listOwnMatching(db, userId, query.isPublic, terms, pageOf(query));
  return rows.map(toRumination);
}

/** Published ruminations of the other users related to the caller, as far as the caller may read. */
export async function listFeedOf(
  db: Kysely<Database>,
  userId: number,
  query: RuminationListQuery,
): Promise<Rumination[]> {
  const rows = await listFeed(db, userId, query.UserId, query.isPublic === true, pageOf(query));
  return rows.map(toRumination);
}

/**
 * Without UserId: public ruminations of everyone (isPublic is moot). With UserId: that author's
 * published ones, public only when isPublic=true, else every one the caller may read.
 */
export async function listPublicOf(
  db: Kysely<Database>,
  viewerId: number | null,
  query: RuminationListQuery,
): Promise<Rumination[]> {
  const rows =
    query.UserId === undefined
      ? await listPublic(db, pageOf(query))
      : await listByAuthor(db, query.UserId, viewerId, query.isPublic === true, pageOf(query));
  return rows.map(toRumination);
}

export async function createRumination(
  db: Kysely<Database>,
  userId: number,
  input: RuminationInput,
): Promise<Rumination> {
  const fields = ruminationFieldsOf(input);
  return asWriter(db, userId, async (trx) => {
    const id = await insertRumination(trx, userId, toWrite(fields), new Date().toISOString());
    return getRumination(trx, id, userId);
  });
}

/** The rumination as the caller may see it, as far as changing it needs. */
async function findChangeable(
  db: Kysely<Database>,
  id: number,
  userId: number,
): Promise<ChangeableRumination | undefined> {
  const row = await findVisibleRumination(db, id, userId);
  return row && { authorId: row.author_id, version: row.version };
}

export async function updateRumination(
  db: Kysely<Database>,
  userId: number,
  id: number,
  input: RuminationInput,
): Promise<Rumination> {
  return asWriter(db, userId, async (trx) => {
    const rumination = await findChangeable(trx, id, userId);
    const { fields } = settle(decideRuminationEdit(rumination, userId, input));
    await updateRuminationRow(trx, id, toWrite(fields), new Date().toISOString());
    return getRumination(trx, id, userId);
  });
}

export async function deleteRumination(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  await asWriter(db, userId, async (trx) => {
    settle(decideRuminationDelete(await findChangeable(trx, id, userId), userId));
    await deleteRuminationWithComments(trx, id);
  });
}
