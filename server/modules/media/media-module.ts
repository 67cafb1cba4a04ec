import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MediaSigner } from '../../../src/api/media-urls';
import { tuneLibvips } from './media-processing';
import { mediaRoutes } from './media-routes';
import { installMediaSessionCookie } from './media-session';
import { loadMediaSigner } from './media-signer';
import type { MediaStorage } from './media-storage';
import { openMediaStorage } from './media-storage-open';

/** What every module that touches photos shares: where the files are, and the URL signer. */
export interface MediaContext {
  storage: MediaStorage;
  /** The deployment's URL signer, read from the database once when first asked for. */
  signer: () => Promise<MediaSigner>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaContext;
  }
}

function signerOf(db: Kysely<Database>): () => Promise<MediaSigner> {
  let loading: Promise<MediaSigner> | undefined;
  return () => {
    loading ??= loadMediaSigner(db).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * Photos (api-contract.md "Photos"): decorates the root instance with `media` (skip-override, as
 * the push module does), so that the ruminations' and the export's modules reach the same storage
 * and signer as the media routes; sets the photo cookie on signed-in answers (media-session.ts);
 * and registers the routes (upload, fetch, ending the cookie).
 */
async function mediaModule(app: FastifyInstance): Promise<void> {
  app.decorate('media', { storage: openMediaStorage(app.config), signer: signerOf(app.db) });
  // On the root instance (this plugin is not encapsulated): every module's answers set the cookie.
  installMediaSessionCookie(app);
  tuneLibvips();
  await app.register(mediaRoutes);
}

export const mediaPlugin = Object.assign(mediaModule, { [Symbol.for('skip-override')]: true });
