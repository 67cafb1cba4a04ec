import { z } from 'zod';
import { RELATION_TYPE_VALUES } from '../domain/relation-types';
import { LIST_LIMIT_MAX } from './limits';

/**
 * Shared building blocks of the wire contract (api-contract.md, "Conventions").
 * Input is lenient where real clients differ; output is strict.
 */

/** Largest id we accept; keeps ids inside SQLite/PostgreSQL bigint and JS safe integers. */
export const MAX_ID = 2 ** 31 - 1;

/** An id as sent by a client: a positive integer, or a string of digits ("3"). */
export const idInput = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .regex(/^\d{1,10}$/, 'Must be a positive integer')
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_ID)),
]);

/** An id as the server sends it. */
export const id = z.number().int().positive();

/** ISO 8601 UTC timestamp string, e.g. 2026-11-22T20:15:03.123Z. */
export const timestamp = z.string();

/** A query-string boolean ("true"/"false", any case). */
export const queryBoolean = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false']))
  .transform((v) => v === 'true');

export { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './limits';
export const limitQuery = z.coerce.number().int().min(1).max(LIST_LIMIT_MAX);
export const beforeIdQuery = z.coerce.number().int().positive().max(MAX_ID);

/** A relation type (and audience) as its number; the list is the domain's. */
export const relationTypeSchema = z.literal(RELATION_TYPE_VALUES);

/** A person wherever the API shows one: the unique username and the name they go by. */
export const userRef = z.object({ id, username: z.string(), displayName: z.string() });
export type UserRef = z.infer<typeof userRef>;

/** RFC 9457 problem details: every error the server (and the mock backend) answers. */
export const problemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A 412's object as it is now (api-contract.md "Your writing is never lost"). */
  current: z.unknown().optional(),
});
export type ProblemDetails = z.infer<typeof problemDetails>;

/** Body of a success that carries no entity. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
