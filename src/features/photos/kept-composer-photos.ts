import { createContext } from 'react';
import { forgetKeptPhotos, loadKeptPhoto } from './kept-photos';

/**
 * The photos of a draft the composer keeps (features/composer/use-kept-draft.ts, beside its text),
 * so that a reload or a crash gives them back with it: in order, each with its alt text and where
 * it is, on the server (`id`: a note's own photo, or one uploaded since it was picked) and in this
 * browser (`kept`, a key of kept-photos.ts: the picked file, for its preview and, until it is
 * uploaded, for its upload). Plain data: stored with the draft's text.
 */
export interface KeptComposerPhoto {
  alt: string;
  id?: number;
  kept?: string;
}

/**
 * The photos of a kept draft read back: null when it has none of its own (the composer's photos
 * are those it opens with), else the list, maybe empty (an edit that removed the note's photos).
 * Entries that name neither an upload nor a file (stored by another version, say) are left out.
 */
export function keptComposerPhotosFrom(raw: unknown): KeptComposerPhoto[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((item: unknown): KeptComposerPhoto[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { alt, id, kept } = item as Record<string, unknown>;
    const hasId = typeof id === 'number' && Number.isInteger(id);
    const hasKept = typeof kept === 'string';
    if (typeof alt !== 'string' || (!hasId && !hasKept)) return [];
    return [{ alt, ...(hasId ? { id } : {}), ...(hasKept ? { kept } : {}) }];
  });
}

/**
 * How the composer's photos are kept with its draft: provided by the composer's dialog
 * (features/ruminations/rumination-dialog.tsx) around its form, read by usePhotoUploads. Without
 * it the photos live as long as the form, as before.
 */
export interface ComposerPhotoKeeping {
  /** Whose browser copies the picked files are (kept-photos.ts); null: none are made. */
  userId: number | null;
  /** The photos of the draft given back as the composer opened; null: those it opens with. */
  restored: readonly KeptComposerPhoto[] | null;
  /** Every change of the photos; null: back to those the composer opened with. */
  keep: (photos: KeptComposerPhoto[] | null) => void;
}

export const ComposerPhotoKeepingContext = createContext<ComposerPhotoKeeping | null>(null);

/** A kept file read back, with the upload noted beside it (an answer the draft missed). */
export async function readKeptFile(
  key: string,
): Promise<{ blob: Blob; uploadedId?: number } | null> {
  try {
    const kept = await loadKeptPhoto(key);
    if (!kept) return null;
    return kept.uploaded ? { blob: kept.blob, uploadedId: kept.uploaded.id } : { blob: kept.blob };
  } catch (error) {
    // A copy that cannot be read is as good as gone; the person can pick the photo again.
    console.error(error);
    return null;
  }
}

/**
 * The draft was sent or discarded: the files its photos kept in this browser go, but those a note
 * waiting in the offline queue names (`except`), which the queue forgets once it is sent.
 */
export function forgetComposerPhotos(
  photos: readonly KeptComposerPhoto[] | null,
  except: readonly string[] = [],
): Promise<void> {
  const doomed = (photos ?? []).flatMap((photo) =>
    photo.kept !== undefined && !except.includes(photo.kept) ? [photo.kept] : [],
  );
  return forgetKeptPhotos(doomed);
}
