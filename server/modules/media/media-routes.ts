import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEDIA_UPLOAD_MAX_BYTES } from '../../../src/api/limits';
import { MEDIA_SESSION_URL } from '../../../src/api/media-session';
import { uploadedMedia } from '../../../src/api/media-schemas';
import { MEDIA_PROBLEMS } from '../../../src/domain/media-decisions';
import { acceptOneFile, withUploadedFile } from '../../http/one-file-upload';
import { rateLimitHook } from '../../http/rate-limit';
import { DecodeSlots } from './decode-slots';
import { openMediaToRead } from './media-fetch-service';
import { endedMediaSessionHeaders, overHttps } from './media-session';
import { uploadMedia } from './media-upload-service';

/** POST /api/media, with the multipart parser of this route alone (elsewhere bodies stay 64 KiB JSON). */
async function uploadRoute(app: FastifyInstance): Promise<void> {
  await acceptOneFile(app, MEDIA_UPLOAD_MAX_BYTES);

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
      const uploaded = await withUploadedFile(request, MEDIA_PROBLEMS, 'upload', (file) =>
        uploadMedia(context, user.id, file),
      );
      return reply.code(201).send(uploaded);
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
