import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { base64url, MEDIA_MAC_BYTES, type MediaSigner } from '../../../src/api/media-urls';
import { sharedServerKey } from '../../credentials/server-keys';

/**
 * The key that signs photo URLs (src/api/media-urls.ts), one per deployment in `server_keys`, so
 * that a URL signed by one instance checks on every other. HMAC-SHA256 through node:crypto, which
 * gives the same macs as the WebCrypto signer the mock backend uses, synchronously: a page of
 * notes signs up to 600 URLs.
 */
export async function loadMediaSigner(db: Kysely<Database>): Promise<MediaSigner> {
  const secret = Buffer.from(
    await sharedServerKey(db, 'media-urls', () => randomBytes(32).toString('base64')),
    'base64',
  );
  return (payload) =>
    base64url(createHmac('sha256', secret).update(payload).digest().subarray(0, MEDIA_MAC_BYTES));
}
