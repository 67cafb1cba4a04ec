import type { FastifyInstance } from 'fastify';
import { acceptOneFile, withUploadedFile } from '../../http/one-file-upload';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  importIdParams,
  importJob,
  importStarted,
} from '../../../src/api/import-schemas';
import { sayAgain } from '../../../src/api/english-again';
import { IMPORT_PROBLEMS } from '../../../src/domain/journal-import';
import { sayForRequest } from '../../i18n/say-for';
import type { ImportWorker } from './import-worker';
import { readImport, requireNoRunningImport, startImport } from './import-service';

/**
 * /api/account/import (api-contract.md "Bring your journal: import"): HTTP in and out only, with
 * the multipart parser of this route alone. The job runs in the background (import-worker.ts).
 */
export function importRoutes(worker: ImportWorker) {
  return async (app: FastifyInstance): Promise<void> => {
    await acceptOneFile(app, IMPORT_MAX_BYTES);
    const api = app.withTypeProvider<ZodTypeProvider>();
    const context = { db: app.db, storage: app.media.storage };

    api.post(
      '/api/account/import',
      { schema: { response: { 202: importStarted } } },
      async (request, reply) => {
        // Signed in, terms accepted: checked before a byte of the body is read.
        const user = await request.requireWriter();
        await requireNoRunningImport(app.db, user.id);
        const started = await withUploadedFile(request, IMPORT_PROBLEMS, 'import', (file) =>
          startImport(context, user.id, file),
        );
        worker.kick();
        return reply.code(202).send(started);
      },
    );

    api.get(
      '/api/account/import/:id',
      { schema: { params: importIdParams, response: { 200: importJob } } },
      async (request, reply) => {
        const user = await request.requireUser();
        const job = await readImport(app.db, user.id, request.params.id);
        // Why entries were skipped, kept in English, read in the caller's language.
        const say = sayForRequest(request, reply);
        const errors = job.errors.map((e) => ({ ...e, message: sayAgain(e.message, say) }));
        return { ...job, errors };
      },
    );
  };
}
