import { z } from 'zod';
import {
  MAX_ID,
  id,
  idInput,
  queryBoolean,
  relationTypeSchema,
  timestamp,
  userRef,
} from './common';

/** Wire schemas of /api/UserRelations (spec sections 3 and 7, api-contract.md "Relations"). */

import { RELATION_LIMIT_MAX } from './limits';

export { RELATION_LIMIT_DEFAULT, RELATION_LIMIT_MAX } from './limits';

export const userRelation = z.object({
  id,
  type: relationTypeSchema,
  initiator: userRef,
  receiver: userRef,
  isAccepted: z.boolean(),
  isRejected: z.boolean(),
  isDeleted: z.boolean(),
  createTMS: timestamp,
});
export type UserRelation = z.infer<typeof userRelation>;

export const createRelationRequest = z.object({
  userId: idInput,
  /** The type's number; a digit string is accepted too, as for ids. */
  relationType: z.union([
    relationTypeSchema,
    z.string().regex(/^\d$/).transform(Number).pipe(relationTypeSchema),
  ]),
});
export type CreateRelationRequest = z.input<typeof createRelationRequest>;

/** Query names are matched ignoring case before this schema runs. */
export const relationListQuery = z.object({
  Id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  UserId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  WithMe: queryBoolean.optional(),
  FromTMS: z.iso.datetime({ offset: true }).optional(),
  ToTMS: z.iso.datetime({ offset: true }).optional(),
  IncludeDeleted: queryBoolean.optional(),
  Sort: z.enum(['createTMS', '-createTMS']).optional(),
  Limit: z.coerce.number().int().min(1).max(RELATION_LIMIT_MAX).optional(),
  Offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
/** The parsed query, which is also what the client passes to list calls. */
export type RelationListQuery = z.output<typeof relationListQuery>;

export const relationIdParams = z.object({ id: idInput });
