import { z } from 'zod';
import {
  MAX_ID,
  beforeIdQuery,
  id,
  idInput,
  limitQuery,
  queryBoolean,
  relationTypeSchema,
  timestamp,
  userRef,
} from './common';
import { ruminationContent } from './content-rules';
import { NOTE_SEARCH_MAX } from './limits';
import { writtenTime } from './written-time';
import { localDateQuery } from './calendar-dates';
import { isStorableText, NOT_STORABLE_MESSAGE } from './text-rules';
import { mediaListInput, ruminationMedia } from './media-schemas';
import { reactionCount } from './reaction-schemas';
import {
  AUDIENCE_NAMES,
  relationTypeOfAudience,
  type RelationType,
} from '../domain/relation-types';

/** Wire schemas of /api/ruminations/* (spec sections 3 and 7, api-contract.md "Ruminations"). */

export { RUMINATION_MAX } from './content-rules';

/** An audience as a client may send it: its name ("BestFriend") or its number (3). */
export const audienceInput = z
  .union([z.enum(AUDIENCE_NAMES), relationTypeSchema])
  .transform((a): RelationType => (typeof a === 'number' ? a : relationTypeOfAudience(a)));

/** Audience list from a client: duplicates dropped, order kept by type number. */
const audiencesInput = z
  .array(audienceInput)
  .max(12)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

export const rumination = z.object({
  id,
  content: z.string(),
  createdBy: userRef,
  createTMS: timestamp,
  updateTMS: timestamp,
  isPublished: z.boolean(),
  audiences: z.array(z.object({ relationType: relationTypeSchema })),
  /** Its comments and replies that are not deleted, so a list needs no call per card. */
  commentCount: z.number().int().nonnegative(),
  /** 1 when created, one more on every change; sent back in `If-Match` (src/api/preconditions.ts). */
  version: z.number().int().positive(),
  /** Its photos in the author's order, with URLs signed for the caller (api-contract.md "Photos"). */
  media: z.array(ruminationMedia),
  /** Its reactions' counts, only kinds above 0, in the kinds' order; `mine` false for visitors. */
  reactions: z.array(reactionCount),
  /** `#tags` of its content: NFC, lower-cased, each once, in order (src/domain/tags.ts). */
  tags: z.array(z.string()),
});
export type Rumination = z.infer<typeof rumination>;

/** A rumination in its author's trash: its usual shape, and when it was deleted. */
export const trashedRumination = rumination.extend({ deletedTMS: timestamp });
export type TrashedRumination = z.infer<typeof trashedRumination>;

/** A state a rumination had before a change: what `version` held, and when it was saved. */
export const ruminationRevision = z.object({
  id,
  version: z.number().int().positive(),
  content: z.string(),
  isPublished: z.boolean(),
  audiences: z.array(z.object({ relationType: relationTypeSchema })),
  savedTMS: timestamp,
});
export type RuminationRevision = z.infer<typeof ruminationRevision>;

/** Query of the revision list and the trash: the usual paging, newest first. */
export const pageQuery = z.object({
  Limit: limitQuery.optional(),
  BeforeId: beforeIdQuery.optional(),
});
export type PageQuery = z.output<typeof pageQuery>;

export const revisionIdParams = z.object({ id: idInput, revisionId: idInput });

/** Body of POST /api/ruminations and PUT /api/ruminations/{id}: creating and editing send the same. */
export const ruminationWriteRequest = z.object({
  content: ruminationContent,
  audiences: audiencesInput.optional().nullable(),
  publish: z.boolean(),
  /** The caller's uploads, in order; absent on an update keeps the photos the note has. */
  media: mediaListInput.optional(),
});
export type RuminationWriteRequest = z.input<typeof ruminationWriteRequest>;
export type RuminationWrite = z.output<typeof ruminationWriteRequest>;

/**
 * Body of POST /api/ruminations: a write, and when it was written for a note sent later (offline):
 * src/domain/written-time.ts decides whether that becomes its `createTMS`.
 */
export const createRuminationRequest = ruminationWriteRequest.extend({
  writtenTMS: writtenTime.optional(),
});
export type CreateRuminationRequest = z.input<typeof createRuminationRequest>;
export type CreateRumination = z.output<typeof createRuminationRequest>;

/** Query of every rumination list; names are matched ignoring case before this schema runs. */
export const ruminationListQuery = z.object({
  isPublic: queryBoolean.optional(),
  UserId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  Limit: limitQuery.optional(),
  BeforeId: beforeIdQuery.optional(),
  /**
   * /my only: words that must all start a word of the note (src/domain/note-search.ts). Blank, or
   * made only of characters that are not letters or digits, is no search at all.
   */
  q: z
    .string()
    .max(NOTE_SEARCH_MAX, `Search must be at most ${NOTE_SEARCH_MAX} characters`)
    .refine(isStorableText, NOT_STORABLE_MESSAGE)
    .optional(),
  /**
   * Only ruminations with this tag (compared as stored; src/domain/tags.ts `tagFilterOf`): one that
   * no note can hold finds nothing.
   */
  tag: z
    .string()
    .max(NOTE_SEARCH_MAX, `Tag must be at most ${NOTE_SEARCH_MAX} characters`)
    .refine(isStorableText, NOT_STORABLE_MESSAGE)
    .optional(),
  /**
   * /my only, our own addition (docs/architecture.md "Beyond the contract"): the notes created
   * on this local date in the caller's time zone (the calendar's day).
   */
  date: localDateQuery.optional(),
});
/** The parsed query, which is also what the client passes to list calls. */
export type RuminationListQuery = z.output<typeof ruminationListQuery>;

export const ruminationIdParams = z.object({ id: idInput });
