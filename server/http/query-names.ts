import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withSchemaNames } from '../../src/api/query-names';

/**
 * Query parameter names match ignoring case: before validation, each route's query is rewritten to
 * the names of that route's own querystring schema (src/api/query-names.ts), so a parameter added
 * to a schema needs nothing here.
 */
export function matchQueryNamesIgnoringCase(app: FastifyInstance): void {
  const namesOf = new WeakMap<z.ZodObject, readonly string[]>();
  app.addHook('preValidation', (request, _reply, done) => {
    const schema = request.routeOptions.schema?.querystring;
    if (schema instanceof z.ZodObject) {
      let names = namesOf.get(schema);
      if (names === undefined) {
        names = Object.keys(schema.shape);
        namesOf.set(schema, names);
      }
      request.query = withSchemaNames(Object.entries(request.query as object), names);
    }
    done();
  });
}
