import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Keywords that hold further schemas: a branch with one of them is not a plain primitive. */
const NESTED = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'properties', 'items', '$ref']);

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Rewrites what fast-json-stringify would handle slowly: it picks an `anyOf` branch by running a
 * validator on every value, and zod writes a union of literals (a relation type 0..5) as an anyOf
 * of constants and a nullable primitive as an anyOf with null. Both become plain `type`/`enum`.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!isSchema(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const branches = out['anyOf'];
  if (Array.isArray(branches) && branches.every(isSchema)) {
    const types = new Set(branches.map((b) => b['type']));
    if (types.size === 1 && branches.every((b) => 'const' in b && Object.keys(b).length === 2)) {
      delete out['anyOf'];
      return { ...out, type: branches[0]!['type'], enum: branches.map((b) => b['const']) };
    }
    const primitive = branches.find((b) => b['type'] !== 'null');
    if (
      branches.length === 2 &&
      branches.some((b) => b['type'] === 'null' && Object.keys(b).length === 1) &&
      primitive !== undefined &&
      ['string', 'number', 'integer', 'boolean'].includes(String(primitive['type'])) &&
      !Object.keys(primitive).some((k) => NESTED.has(k))
    ) {
      delete out['anyOf'];
      return { ...out, ...primitive, type: [primitive['type'], 'null'] };
    }
  }
  return out;
}

/**
 * Responses are written by fast-json-stringify from the JSON Schema of the route's zod response
 * schema (z.toJSONSchema), compiled once per route. Like the zod serializer it replaces, it sends
 * only the properties the contract declares (anything else a service put on an object is dropped)
 * and fails on a missing required one; unlike it, it does not run zod over every response, which
 * was about a twentieth of a feed request's time (JSON building included, it is also faster than
 * JSON.stringify). A schema that JSON Schema cannot express falls back to the zod serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output' });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJson(simplify(jsonSchema) as Parameters<typeof fastJson>[0]);
};
