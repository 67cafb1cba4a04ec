import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferences, updatePreferencesRequest } from '../../../src/api/preferences-schemas';
import { getPreferences, updatePreferences } from './preferences-service';

/**
 * /api/account/preferences: HTTP in and out only. Guarded like the rest of /api/account: signed
 * in, and open while the terms wait for acceptance (they concern the account, not what others
 * read).
 */
export async function preferencesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/preferences',
    { schema: { response: { 200: preferences } } },
    async (request) => {
      const user = await request.requireUser();
      return getPreferences(app.db, user.id);
    },
  );

  api.put(
    '/api/account/preferences',
    { schema: { body: updatePreferencesRequest, response: { 200: preferences } } },
    async (request) => {
      const user = await request.requireUser();
      return updatePreferences(app.db, user.id, request.body);
    },
  );
}
