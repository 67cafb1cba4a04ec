import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UploadedMedia } from '../../../src/api/media-schemas';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  decideQuota,
  decideUploadType,
  decodeCostMb,
  MEDIA_LIGHT_DECODE_MB,
  MEDIA_PROBLEMS,
  unattachedEraseAfter,
} from '../../../src/domain/media-decisions';
import { asWriter } from '../../credentials/writer-lock';
import type { DecodeSlots } from './decode-slots';
import {
  processImage,
  readDecodeHeader,
  UnreadableImage,
  type ProcessedImage,
} from './media-processing';
import { insertMedia, usedBytes } from './media-queries';
import { lockQuotaOf } from './media-quota-lock';
import { allMediaFileKeys, mediaFileKey, type MediaStorage } from './media-storage';

/** What an upload needs of the app. */
export interface MediaUploadContext {
  db: Kysely<Database>;
  storage: MediaStorage;
  slots: DecodeSlots;
  quotaBytes: number;
}

/** The first bytes of a file, enough for sniffImageType. */
async function headOf(file: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A new photo's place in the storage: spread over 256 folders, unguessable. */
function newStorageKey(): string {
  return `${randomBytes(1).toString('hex')}/${randomBytes(16).toString('hex')}`;
}

async function store(storage: MediaStorage, key: string, image: ProcessedImage): Promise<void> {
  const files = [
    [mediaFileKey(key, 'photo', 'webp'), image.photo.webp, 'image/webp'],
    [mediaFileKey(key, 'photo', 'jpeg'), image.photo.jpeg, 'image/jpeg'],
    [mediaFileKey(key, 'thumbnail', 'webp'), image.thumbnail.webp, 'image/webp'],
    [mediaFileKey(key, 'thumbnail', 'jpeg'), image.thumbnail.jpeg, 'image/jpeg'],
  ] as const;
  await Promise.all(files.map(([fileKey, body, type]) => storage.put(fileKey, body, type)));
}

/**
 * POST /api/media once the upload is in `file` (a temporary file the route deletes): its type by
 * its first bytes (415), its header (400 when it may not be decoded), decoded in its turn
 * (decode-slots.ts: accounts take turns; 400 when it cannot be decoded), the account's quota
 * (413), then the four files stored and the row written, to be erased in 24 hours unless a note
 * takes it. A row is never left without its files, nor files without their row.
 */
export async function uploadMedia(
  context: MediaUploadContext,
  userId: number,
  file: string,
  now: Date = new Date(),
): Promise<UploadedMedia> {
  settle(decideUploadType(await headOf(file)));
  let image: ProcessedImage;
  try {
    // The header first, outside the slots: a picture that may not be decoded never takes one, and
    // one that decodes in a moment need not wait for someone else's that takes seconds.
    const header = await readDecodeHeader(file);
    const ticket = { account: userId, light: decodeCostMb(header) <= MEDIA_LIGHT_DECODE_MB };
    image = await context.slots.run(ticket, () => processImage(file));
  } catch (error) {
    if (error instanceof UnreadableImage) throw ApiProblem.of(MEDIA_PROBLEMS.unreadable);
    throw error;
  }
  // Asked before the files are stored, and again in the writing transaction below: two uploads
  // of one account at the same moment may both pass the first check, never leave files behind.
  settle(decideQuota(await usedBytes(context.db, userId), image.bytes, context.quotaBytes));

  const key = newStorageKey();
  try {
    await store(context.storage, key, image);
    const id = await asWriter(context.db, userId, async (trx) => {
      await lockQuotaOf(trx, userId);
      settle(decideQuota(await usedBytes(trx, userId), image.bytes, context.quotaBytes));
      return insertMedia(trx, {
        owner_id: userId,
        width: image.photo.width,
        height: image.photo.height,
        thumbnail_width: image.thumbnail.width,
        thumbnail_height: image.thumbnail.height,
        bytes: image.bytes,
        storage_key: key,
        create_tms: now.toISOString(),
        erase_after: unattachedEraseAfter(now),
      });
    });
    return { id, width: image.photo.width, height: image.photo.height };
  } catch (error) {
    // No row names these files: erase them now (the sweep only finds files through rows).
    await context.storage.delete(allMediaFileKeys(key)).catch(() => undefined);
    throw error;
  }
}
