import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiProblem } from '../../src/api/problem';

/**
 * The routes that take one uploaded file (a photo, a journal to import): the multipart parser for
 * their plugin alone (elsewhere bodies stay 64 KiB JSON), and the file written to a temporary folder
 * as it arrives, never held whole in memory.
 */

type ProblemSpec = Parameters<typeof ApiProblem.of>[0];

/** What a route says when the form has no `file` part (400) or its file is cut at the limit (413). */
export interface UploadProblems {
  noFile: ProblemSpec;
  tooLarge: ProblemSpec;
}

/** Registers, in the calling plugin only, a parser of one file of at most `maxBytes`. */
export async function acceptOneFile(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: 4,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 5,
      headerPairs: 20,
    },
  });
  // Any other body (text, a PDF, no type at all) is left unread: the route answers noFile.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}

/**
 * Runs `work` on the request's `file` part, written to a new temporary folder that is removed
 * afterwards, whatever happens.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  problems: UploadProblems,
  prefix: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), `ruminations-${prefix}-`));
  try {
    return await work(await receiveFile(request, path.join(folder, 'upload'), problems));
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

async function receiveFile(
  request: FastifyRequest,
  file: string,
  problems: UploadProblems,
): Promise<string> {
  if (!request.isMultipart()) throw ApiProblem.of(problems.noFile);
  try {
    const part = await request.file();
    if (part === undefined || part.fieldname !== 'file') {
      part?.file.resume();
      throw ApiProblem.of(problems.noFile);
    }
    await pipeline(part.file, fs.createWriteStream(file));
    if (part.file.truncated) throw ApiProblem.of(problems.tooLarge);
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    // The plugin's limits (a part over the size, too many parts) are 413s; anything else it or
    // busboy raises is a form that cannot be read, so there is no file to take.
    if ((error as { statusCode?: unknown }).statusCode === 413) {
      throw ApiProblem.of(problems.tooLarge);
    }
    throw ApiProblem.of(problems.noFile);
  }
  return file;
}
