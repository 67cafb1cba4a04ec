import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportQuery } from '../../../src/api/account-schemas';
import { admitExport, ExportSlots } from './export-admission';
import { startExport } from './export-service';

/**
 * GET /api/account/export (api-contract.md "My writing"): HTTP in and out only; what the export
 * holds is export-source.ts, its two forms export-json.ts and export-markdown.ts, who may start
 * one now export-admission.ts.
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const slots = new ExportSlots(app.config.exportsPerInstance);

  api.get(
    '/api/account/export',
    // The query schema also gives the names matched ignoring case (server/http/query-names.ts).
    { schema: { querystring: exportQuery } },
    async (request, reply) => {
      const user = await request.requireUser();
      const onError = (error: unknown) => request.log.warn({ err: error }, 'export lease');
      const admission = await admitExport(app.db, slots, user.id, onError);
      let download;
      try {
        download = await startExport(
          app.db,
          user,
          request.query.format,
          admission,
          app.media.storage,
        );
      } catch (error) {
        await admission.end();
        throw error;
      }
      // A whole download ends its admission before its last chunk (export-service.ts); one that
      // fails, or that Fastify destroys because the client went away, when its body closes.
      download.body.once('close', () => void admission.end());
      // And whatever else ends the response (one that never got to read its body, say).
      reply.raw.once('close', () => void admission.end());
      // Anything that fails from here on fails mid-download: Fastify then ends the response
      // early (the client sees a broken download) and logs the error.
      return reply
        .type(download.contentType)
        .header('content-disposition', download.contentDisposition)
        .send(download.body);
    },
  );
}
