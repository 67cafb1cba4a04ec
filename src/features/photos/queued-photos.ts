import type { MediaRefInput } from '../../api/media-schemas';
import { forgetKeptPhotos, loadKeptPhoto, noteKeptPhotoUploaded } from './kept-photos';
import { uploadPhoto, type PhotoUploader } from './photo-upload-api';

/**
 * The photos of a note written offline, as its queued write carries them (features/offline): in
 * order, each either on the server already (`id`) or kept in this browser (`kept`, a key of
 * kept-photos.ts) until the queue uploads it. Plain data: the queue stores it with the write.
 */
export interface QueuedPhoto {
  alt: string;
  /** The upload's id, once the server holds it. */
  id?: number;
  /** Where the blob is kept (kept-photos.ts) while it is not uploaded. */
  kept?: string;
}

/**
 * Uploads what is not on the server yet, one photo after another, and answers the note's `media`.
 * Each id is written into `photos` (the queued write's own variables, stored with it) and beside
 * the blob as soon as the server answers, so a note retried after a failure, or after a reload,
 * uploads no photo twice. A photo no longer kept (storage cleared by the browser) is left out:
 * the note still goes, with the others.
 */
export async function uploadQueuedPhotos(
  photos: QueuedPhoto[],
  upload: PhotoUploader = uploadPhoto,
): Promise<MediaRefInput[]> {
  const media: MediaRefInput[] = [];
  for (const photo of photos) {
    if (photo.id === undefined && photo.kept !== undefined) {
      const kept = await loadKeptPhoto(photo.kept);
      if (kept?.uploaded) {
        photo.id = kept.uploaded.id;
      } else if (kept) {
        const uploaded = await upload(kept.blob);
        photo.id = uploaded.id;
        await noteKeptPhotoUploaded(photo.kept, uploaded);
      } else {
        console.warn('A photo of a queued note is no longer kept in this browser');
      }
    }
    if (photo.id !== undefined) media.push({ id: photo.id, alt: photo.alt });
  }
  return media;
}

/** The kept blobs a queued write names (none for a write stored before photos existed). */
export function keptKeysOf(photos: unknown): string[] {
  if (!Array.isArray(photos)) return [];
  return photos
    .map((photo) => (photo as { kept?: unknown } | null)?.kept)
    .filter((kept): kept is string => typeof kept === 'string');
}

/**
 * Sends a note whose photos may still be kept in the browser: photos first, then the note with
 * their ids (`send` with the body's `media`), then the kept blobs go, as the server holds them now.
 * Without queued photos it is `send(body)` alone.
 */
export async function sendWithQueuedPhotos<TBody extends object, TAnswer>(
  body: TBody,
  photos: QueuedPhoto[] | undefined,
  send: (body: TBody & { media?: MediaRefInput[] }) => Promise<TAnswer>,
  upload: PhotoUploader = uploadPhoto,
): Promise<TAnswer> {
  if (!photos) return send(body);
  const media = await uploadQueuedPhotos(photos, upload);
  const answer = await send({ ...body, media });
  await forgetKeptPhotos(keptKeysOf(photos));
  return answer;
}
