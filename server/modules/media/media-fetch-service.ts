import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { mediaFetchParams, mediaFetchQuery } from '../../../src/api/media-schemas';
import { mediaUrlChecks, type MediaSigner } from '../../../src/api/media-urls';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  chooseImageFormat,
  decideMediaFetch,
  MEDIA_PROBLEMS,
} from '../../../src/domain/media-decisions';
import { findMediaToRead } from './media-queries';
import { mediaFileKey, type MediaStorage } from './media-storage';

/** What a fetch needs of the app. */
export interface MediaFetchContext {
  db: Kysely<Database>;
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
 * Malformed parts answer 404 as a forged URL does: nothing is revealed either way.
 */
export async function openMediaToRead(
  context: MediaFetchContext,
  rawParams: unknown,
  rawQuery: unknown,
  accept: string | undefined,
  now: Date = new Date(),
): Promise<MediaFile> {
  const params = mediaFetchParams.safeParse(rawParams);
  const query = mediaFetchQuery.safeParse(rawQuery);
  if (!params.success || !query.success) throw notFound();
  const { id, variant } = params.data;
  const checks = await mediaUrlChecks(id, query.data, now, await context.signer());
  // A URL that does not check costs no query.
  const facts = checks
    ? await findMediaToRead(context.db, id, query.data.viewer, now.toISOString())
    : undefined;
  settle(decideMediaFetch(checks, query.data.viewer, facts));
  if (facts === undefined) throw notFound(); // refused above already; this tells the type checker
  const format = chooseImageFormat(accept);
  const file = await context.storage.get(mediaFileKey(facts.storageKey, variant, format));
  // A row whose file is gone (erased by the sweep meanwhile) is as gone as the photo.
  if (file === undefined) throw notFound();
  return {
    ...file,
    contentType: format === 'webp' ? 'image/webp' : 'image/jpeg',
    maxAgeSeconds: Math.max(0, query.data.expires - Math.floor(now.getTime() / 1000)),
  };
}
