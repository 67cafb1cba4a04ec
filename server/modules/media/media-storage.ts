import type { Readable } from 'node:stream';

/**
 * Where photos' files live (api-contract.md "Photos"): a folder under the data directory by
 * default (media-storage-folder.ts), or an S3-compatible bucket shared by every instance
 * (media-storage-s3.ts, when S3_BUCKET is set). Keys are paths such as `ab/123-f3k…/photo.webp`;
 * a missing file is `undefined`, never an error.
 */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `file` under `key`, streamed (an import's upload: never held in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Readable; bytes: number } | undefined>;
  /** Deletes the files under these keys; keys with no file are skipped. */
  delete(keys: readonly string[]): Promise<void>;
  /** What the README and logs call it ("folder /var/lib/…", "s3://bucket"). */
  readonly description: string;
}

/** The four files of one photo, under its storage key. */
export const MEDIA_FILES = {
  photo: { webp: 'photo.webp', jpeg: 'photo.jpg' },
  thumbnail: { webp: 'thumbnail.webp', jpeg: 'thumbnail.jpg' },
} as const;

export function mediaFileKey(
  storageKey: string,
  variant: keyof typeof MEDIA_FILES,
  format: 'webp' | 'jpeg',
): string {
  return `${storageKey}/${MEDIA_FILES[variant][format]}`;
}

/** Every file key of a photo, for erasing it. */
export function allMediaFileKeys(storageKey: string): string[] {
  return Object.values(MEDIA_FILES).flatMap((files) =>
    Object.values(files).map((file) => `${storageKey}/${file}`),
  );
}
