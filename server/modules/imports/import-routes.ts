import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  importIdParams,
  importJob,
  importStarted,
} from '../../../src/api/import-schemas';
import { ApiProblem } from '../../../src/api/problem';
import { IMPORT_PROBLEMS } from '../../../src/domain/journal-import';
import type { ImportWorker } from './import-worker';
import { readImport, startImport } from './import-service';

/**
 * The upload's one file part, written to a temporary folder as it arrives (never held in memory):
 * 413 when it is cut at IMPORT_MAX_BYTES, 400 when there is no `file` part or the form is broken.
 */
async function receiveFile(request: FastifyRequest, folder: string): Promise<string> {
  if (!request.isMultipart()) throw ApiProblem.of(IMPORT_PROBLEMS.noFile);
  const file = path.join(folder, 'import.zip');
  try {
    const part = await request.file();
    if (part === undefined || part.fieldname !== 'file') {
      part?.file.resume();
      throw ApiProblem.of(IMPORT_PROBLEMS.noFile);
    }
    await pipeline(part.file, fs.createWriteStream(file));
    if (part.file.truncated) throw ApiProblem.of(IMPORT_PROBLEMS.tooLarge);
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    if ((error as { statusCode?: unknown }).statusCode === 413) {
      throw ApiProblem.of(IMPORT_PROBLEMS.tooLarge);
    }
    throw ApiProblem.of(IMPORT_PROBLEMS.noFile);
  }
  return file;
}

/**
 * /api/account/import (api-contract.md "Bring your journal: import"): HTTP in and out only, with
 * the multipart parser of this route alone. The job runs in the background (import-worker.ts).
 */
export function importRoutes(worker: ImportWorker) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: IMPORT_MAX_BYTES,
        files: 1,
        fields: 4,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 5,
        headerPairs: 20,
      },
    });
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const api = app.withTypeProvider<ZodTypeProvider>();
    const context = { db: app.db, storage: app.media.storage };

    api.post(
      '/api/account/import',
      { schema: { response: { 202: importStarted } } },
      async (request, reply) => {
        // Signed in, terms accepted: checked before a byte of the body is read.
        const user = await request.requireWriter();
        const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ruminations-import-'));
        try {
          const file = await receiveFile(request, folder);
          const started = await startImport(context, user.id, file);
          worker.kick();
          return reply.code(202).send(started);
        } finally {
          await fs.promises.rm(folder, { recursive: true, force: true });
        }
      },
    );

    api.get(
      '/api/account/import/:id',
      { schema: { params: importIdParams, response: { 200: importJob } } },
      async (request) => {
        const user = await request.requireUser();
        return readImport(app.db, user.id, request.params.id);
      },
    );
  };
}
