import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { LIST_LIMIT_DEFAULT } from '../../../src/api/common';
import type {
  ruminationWriteRequest,
  Rumination,
  RuminationListQuery,
} from '../../../src/api/rumination-schemas';
import type { Database } from '../../db/schema';
import { ApiProblem } from '../../../src/api/problem';
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
import { requireStorableText } from './storable-text';

/** The rules of ruminations: who may read and change what (api-contract.md "Ruminations"). */

export type RuminationInput = z.output<typeof ruminationWriteRequest>;

export const RUMINATION_NOT_FOUND = 'Rumination not found';

function pageOf(query: RuminationListQuery): Page {
  return { limit: query.Limit ?? LIST_LIMIT_DEFAULT, beforeId: query.BeforeId };
}

function toWrite(input: RuminationInput) {
  return {
    content: requireStorableText(input.content),
    is_published: input.publish ? 1 : 0,
    audience_mask: audiencesToMask(input.audiences ?? []),
  };
}

/** One rumination the viewer may read; 404 alike for missing and hidden ones. */
export async function requireVisibleRumination(
  db: Kysely<Database>,
  id: number,
  viewerId: number | null,
): Promise<RuminationRow> {
  const row = await findVisibleRumination(db, id, viewerId);
  if (!row) throw new ApiProblem(404, RUMINATION_NOT_FOUND);
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
  const id = await insertRumination(db, userId, toWrite(input), new Date().toISOString());
  return getRumination(db, id, userId);
}

/** Author only: 404 when the caller cannot see it (never reveal it), 403 when they can. */
async function requireAuthorOf(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  const visible = await requireVisibleRumination(db, id, userId);
  if (visible.author_id !== userId) {
    throw new ApiProblem(403, 'Only the author may change this rumination');
  }
}

export async function updateRumination(
  db: Kysely<Database>,
  userId: number,
  id: number,
  input: RuminationInput,
): Promise<Rumination> {
  await requireAuthorOf(db, id, userId);
  await updateRuminationRow(db, id, toWrite(input), new Date().toISOString());
  return getRumination(db, id, userId);
}

export async function deleteRumination(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  await requireAuthorOf(db, id, userId);
  await db.transaction().execute((trx) => deleteRuminationWithComments(trx, id));
}
