import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEDIA_UPLOAD_MAX_BYTES } from '../../../src/api/limits';
import { MEDIA_SESSION_URL } from '../../../src/api/media-session';
import { uploadedMedia } from '../../../src/api/media-schemas';
import { ApiProblem } from '../../../src/api/problem';
import { MEDIA_PROBLEMS } from '../../../src/domain/media-decisions';
import { rateLimitHook } from '../../http/rate-limit';
import { DecodeSlots } from './decode-slots';
import { openMediaToRead } from './media-fetch-service';
import { endedMediaSessionHeaders, overHttps } from './media-session';
import { uploadMedia } from './media-upload-service';

/**
 * The upload's one file part, written to a new temporary folder as it arrives (never held whole in
 * memory): 413 when it is cut at 15 MB, 400 when there is no `file` part or the form is broken.
 * The caller removes the folder.
 */
async function receiveFile(request: FastifyRequest, folder: string): Promise<string> {
  if (!request.isMultipart()) throw ApiProblem.of(MEDIA_PROBLEMS.noFile);
  const file = path.join(folder, 'upload');
  try {
    const part = await request.file();
    if (part === undefined || part.fieldname !== 'file') {
      part?.file.resume();
      throw ApiProblem.of(MEDIA_PROBLEMS.noFile);
    }
    await pipeline(part.file, fs.createWriteStream(file));
    if (part.file.truncated) throw ApiProblem.of(MEDIA_PROBLEMS.tooLarge);
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    // The plugin's limits (a part over 15 MB, too many parts) are 413s; anything else it or busboy
    // raises is a form that cannot be read, so there is no file to take.
    if ((error as { statusCode?: unknown }).statusCode === 413) {
      throw ApiProblem.of(MEDIA_PROBLEMS.tooLarge);
    }
    throw ApiProblem.of(MEDIA_PROBLEMS.noFile);
  }
  return file;
}

/** POST /api/media, with the multipart parser of this route alone (elsewhere bodies stay 64 KiB JSON). */
async function uploadRoute(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MEDIA_UPLOAD_MAX_BYTES,
      files: 1,
      fields: 4,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 5,
      headerPairs: 20,
    },
  });
  // Any other body (text, a PDF, no type at all) is left unread: the route answers 400.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const slots = new DecodeSlots(app.config.media.decodeConcurrency);
  const context = {
    db: app.db,
    storage: app.media.storage,
    slots,
    quotaBytes: app.config.media.quotaBytes,
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/media',
    {
      schema: { response: { 201: uploadedMedia } },
      // Per person, before a byte of the body is read: uploads share the decode slots.
      preHandler: rateLimitHook(
        app,
        app.config.rateLimits.enabled,
        'media-upload',
        app.config.rateLimits.uploadsPerUser,
        async (request) => String((await request.requireWriter()).id),
      ),
    },
    async (request, reply) => {
      // Who and whether they may write, before a byte of the body is read.
      const user = await request.requireWriter();
      const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ruminations-upload-'));
      try {
        const file = await receiveFile(request, folder);
        return reply.code(201).send(await uploadMedia(context, user.id, file));
      } finally {
        await fs.promises.rm(folder, { recursive: true, force: true });
      }
    },
  );
}

/** /api/media (api-contract.md "Photos"): HTTP in and out only. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(uploadRoute);

  const context = {
    db: app.db,
    jwtSecret: app.jwtSecret,
    storage: app.media.storage,
    signer: app.media.signer,
  };
  // The URL names its viewer; the request carries their credentials: the bearer token the service
  // worker adds, or the photo cookie an `<img>` sends (media-session.ts).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/media/:id/:variant',
    handler: async (request, reply) => {
      const file = await openMediaToRead(context, request);
      void reply
        .type(file.contentType)
        .header('content-length', file.bytes)
        // Personal, as the note is: the browser may keep it until the URL expires, no proxy may;
        // and only for the credentials it was answered to (after sign-out the cookie is gone).
        .header('cache-control', `private, max-age=${file.maxAgeSeconds}`)
        .header('x-content-type-options', 'nosniff')
        .header('vary', 'accept, authorization, cookie');
      if (request.method === 'HEAD') {
        file.body.destroy();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });

  // Sign Out: the photo cookie ends here, whoever asks (it opens nothing once ended, and a token
  // that is about to be dropped need not be checked); its mark too, so another tab's session still
  // signed in is set its cookie again by its next answer.
  app.delete(MEDIA_SESSION_URL, async (request, reply) =>
    reply
      .code(204)
      .header('set-cookie', endedMediaSessionHeaders(overHttps(request, app.config.appUrl)))
      .send(),
  );
}
