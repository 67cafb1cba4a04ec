import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportQuery } from '../../../src/api/account-schemas';
import { startExport } from './export-service';

/**
 * GET /api/account/export (api-contract.md "My writing"): HTTP in and out only; what the export
 * holds is export-source.ts, its two forms export-json.ts and export-markdown.ts.
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/export',
    // The query schema also gives the names matched ignoring case (server/http/query-names.ts).
    { schema: { querystring: exportQuery } },
    async (request, reply) => {
      const user = await request.requireUser();
      const download = await startExport(app.db, user, request.query.format);
      // Anything that fails from here on fails mid-download: Fastify then ends the response
      // early (the client sees a broken download) and logs the error.
      return reply
        .type(download.contentType)
        .header('content-disposition', download.contentDisposition)
        .send(download.body);
    },
  );
}
