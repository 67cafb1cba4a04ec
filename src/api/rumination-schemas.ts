import { z } from 'zod';
import { beforeIdQuery, id, idInput, limitQuery, queryBoolean, timestamp, userRef } from './common';
import {
  AUDIENCE_NAMES,
  relationTypeOfAudience,
  type RelationType,
} from '../domain/relation-types';

/** Wire schemas of /api/ruminations/* (spec sections 3 and 7, api-contract.md "Ruminations"). */

export const RUMINATION_MAX = 5000;

export const relationTypeSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);

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
});
export type Rumination = z.infer<typeof rumination>;

const contentInput = z
  .string()
  .trim()
  .min(1, 'Content is required')
  .max(RUMINATION_MAX, `Content must be at most ${RUMINATION_MAX} characters`);

export const createRuminationRequest = z.object({
  content: contentInput,
  audiences: audiencesInput.optional().nullable(),
  publish: z.boolean(),
});
export type CreateRuminationRequest = z.input<typeof createRuminationRequest>;

export const updateRuminationRequest = z.object({
  content: contentInput,
  audiences: audiencesInput.optional().nullable(),
  publish: z.boolean(),
});
export type UpdateRuminationRequest = z.input<typeof updateRuminationRequest>;

/** Query of every rumination list; names are matched ignoring case before this schema runs. */
export const ruminationListQuery = z.object({
  isPublic: queryBoolean.optional(),
  UserId: z.coerce.number().int().positive().optional(),
  Limit: limitQuery.optional(),
  BeforeId: beforeIdQuery.optional(),
});
export type RuminationListQuery = z.output<typeof ruminationListQuery>;

/** What the client passes to list calls. */
export interface RuminationListParams {
  isPublic?: boolean;
  UserId?: number;
  Limit?: number;
  BeforeId?: number;
}

export const ruminationIdParams = z.object({ id: idInput });
