import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { mediaFetchParams, mediaFetchQuery } from '../../../src/api/media-schemas';
import { mediaUrlChecks, type MediaSigner } from '../../../src/api/media-urls';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  chooseImageFormat,
  decideMediaRequest,
  MEDIA_PROBLEMS,
} from '../../../src/domain/media-decisions';
import { findMediaToRead } from './media-queries';
import { requestCredentials, type MediaCredentialsContext } from './media-session';
import { mediaFileKey, type MediaStorage } from './media-storage';

/** What a fetch needs of the app. */
export interface MediaFetchContext extends MediaCredentialsContext {
  storage: MediaStorage;
  signer: () => Promise<MediaSigner>;
}

/** A photo's file, ready to be sent. */
export interface MediaFile {
  body: Readable;
  bytes: number;
  contentType: 'image/webp' | 'image/jpeg';
  /** Seconds until the URL expires: how long the browser may keep the answer. */
  maxAgeSeconds: number;
}

const notFound = () => ApiProblem.of(MEDIA_PROBLEMS.notFound);

/**
 * GET /api/media/{id}/{variant}?viewer&expires&sig (api-contract.md "Photos"): the URL's mac and
 * expiry, then the rule against the database as it is now (the signer's own upload, or in a note
 * the signer may read), on every fetch: an ended relation or a trashed note stops the URL at once.
 * Then the request's credentials: the signer's bearer token or photo cookie, unless the note is
 * public. Malformed parts answer 404 as a forged URL does: nothing is revealed either way.
 */
export async function openMediaToRead(
  context: MediaFetchContext,
  request: FastifyRequest,
  now: Date = new Date(),
): Promise<MediaFile> {
  const params = mediaFetchParams.safeParse(request.params);
  const query = mediaFetchQuery.safeParse(request.query);
  if (!params.success || !query.success) throw notFound();
  const { id, variant } = params.data;
  const signerId = query.data.viewer;
  const checks = await mediaUrlChecks(id, query.data, now, await context.signer());
  // A URL that does not check costs no query; a public note's photo needs no credentials.
  const facts = checks
    ? await findMediaToRead(context.db, id, signerId, now.toISOString())
    : undefined;
  const carriedBy =
    facts === undefined || facts.inPublicRumination
      ? []
      : await requestCredentials(context, request, now);
  settle(decideMediaRequest(checks, signerId, facts, carriedBy));
  if (facts === undefined) throw notFound(); // refused above already; this tells the type checker
  const format = chooseImageFormat(request.headers.accept);
  const file = await context.storage.get(mediaFileKey(facts.storageKey, variant, format));
  // A row whose file is gone (erased by the sweep meanwhile) is as gone as the photo.
  if (file === undefined) throw notFound();
  return {
    ...file,
    contentType: format === 'webp' ? 'image/webp' : 'image/jpeg',
    maxAgeSeconds: Math.max(0, query.data.expires - Math.floor(now.getTime() / 1000)),
  };
}
