import { createStore, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import type { UploadedMedia } from '../../api/media-schemas';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/**
 * Photos kept in this browser: picked for a note waiting in the offline queue (features/offline),
 * or for a draft the composer keeps (kept-composer-photos.ts), so that a reload gives them back.
 * Kept as blobs in IndexedDB (database "ruminations-photos"), one entry per photo under a key
 * holding the account's id, until the note they belong to is acknowledged or the draft discarded;
 * signing out deletes them all, with the rest of the account's offline data.
 */

export interface KeptPhoto {
  blob: Blob;
  /** Set as soon as the upload is answered, so that a retry of the note does not upload it again. */
  uploaded?: UploadedMedia;
}

/** Where kept photos live: IndexedDB in a browser, a Map elsewhere (tests, some privacy modes). */
export interface KeptPhotoBackend {
  get(key: string): Promise<KeptPhoto | undefined>;
  set(key: string, value: KeptPhoto): Promise<void>;
  delMany(keys: string[]): Promise<void>;
  keys(): Promise<string[]>;
}

const PREFIX = 'photo:';

function indexedDbBackend(): KeptPhotoBackend {
  let store: UseStore | null = null;
  const s = () => (store ??= createStore('ruminations-photos', 'kept'));
  return {
    get: (key) => get<KeptPhoto>(key, s()),
    set: (key, value) => set(key, value, s()),
    delMany: (doomed) => delMany(doomed, s()),
    keys: async () => (await keys(s())).filter((key): key is string => typeof key === 'string'),
  };
}

export function memoryPhotoBackend(): KeptPhotoBackend {
  const values = new Map<string, KeptPhoto>();
  return {
    get: (key) => Promise.resolve(values.get(key)),
    set: (key, value) => {
      values.set(key, value);
      return Promise.resolve();
    },
    delMany: (doomed) => {
      for (const key of doomed) values.delete(key);
      return Promise.resolve();
    },
    keys: () => Promise.resolve([...values.keys()]),
  };
}

let backend: KeptPhotoBackend | null = null;
function currentBackend(): KeptPhotoBackend {
  backend ??= typeof indexedDB !== 'undefined' ? indexedDbBackend() : memoryPhotoBackend();
  return backend;
}

/** Tests: where kept photos go from now on (null: back to the browser's). */
export function setKeptPhotoBackend(next: KeptPhotoBackend | null): void {
  backend = next;
}

/** A new key for a photo of this account, known before its blob is written (storeKeptPhoto). */
export function newKeptPhotoKey(userId: number): string {
  return `${PREFIX}${userId}:${newIdempotencyKey()}`;
}

/** Writes a photo's blob under a key of newKeptPhotoKey. */
export function storeKeptPhoto(key: string, blob: Blob): Promise<void> {
  return currentBackend().set(key, { blob });
}

/** Keeps a photo for this account; answers the key the queued note names it by. */
export async function keepPhoto(userId: number, blob: Blob): Promise<string> {
  const key = newKeptPhotoKey(userId);
  await storeKeptPhoto(key, blob);
  return key;
}

export function loadKeptPhoto(key: string): Promise<KeptPhoto | undefined> {
  return currentBackend().get(key);
}

/** The server holds it now: kept with the blob until the note is acknowledged. */
export async function noteKeptPhotoUploaded(key: string, uploaded: UploadedMedia): Promise<void> {
  const kept = await currentBackend().get(key);
  if (kept) await currentBackend().set(key, { ...kept, uploaded });
}

/** The note was acknowledged (or the draft discarded): its photos go. Failures are only logged. */
export async function forgetKeptPhotos(doomed: string[]): Promise<void> {
  if (doomed.length === 0) return;
  try {
    await currentBackend().delMany(doomed);
  } catch (error) {
    console.error(error);
  }
}

async function forgetKeptPhotosWhere(doomed: (key: string) => boolean): Promise<void> {
  try {
    const b = currentBackend();
    const all = (await b.keys()).filter((key) => key.startsWith(PREFIX) && doomed(key));
    if (all.length > 0) await b.delMany(all);
  } catch (error) {
    console.error(error);
  }
}

/** Sign-out and account deletion: nothing of anyone's stays behind. */
export function forgetAllKeptPhotos(): Promise<void> {
  return forgetKeptPhotosWhere(() => true);
}

/** Someone else signed in without a sign-out between: the previous person's photos go. */
export function forgetOthersKeptPhotos(userId: number): Promise<void> {
  const own = `${PREFIX}${userId}:`;
  return forgetKeptPhotosWhere((key) => !key.startsWith(own));
}
