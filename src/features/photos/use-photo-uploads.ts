import { onlineManager } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MediaRefInput, UploadedMedia } from '../../api/media-schemas';
import type { RuminationMedia } from '../../api/media-schemas';
import { MEDIA_PER_NOTE_MAX, MEDIA_UPLOAD_MAX_BYTES, MEDIA_UPLOAD_MAX_MB } from '../../api/limits';
import { ApiError } from '../../lib/api-error';
import { keepPhoto } from './kept-photos';
import { uploadPhoto, type PhotoUploader } from './photo-upload-api';
import type { QueuedPhoto } from './queued-photos';

/**
 * The photos of one opening of the composer: each picked file with its preview (an object URL),
 * its upload (started at once when online, with progress), the id the server gave it, its alt
 * text, an error if the server refused it, and their order. An edit starts from the note's photos.
 */

export interface ComposedPhoto {
  /** This composer's own key for it (not the server's id). */
  key: string;
  /** An object URL of the picked file, or a note's thumbnail. */
  previewUrl: string;
  /** `waiting`: offline, or the network went away; it uploads when the network returns. */
  status: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  /** From 0 to 1 while uploading. */
  progress: number;
  alt: string;
  /** The server's title when it refused the photo. */
  error?: string;
  uploaded?: Pick<UploadedMedia, 'id'>;
}

/** What a submission can send: the note's `media`, photos for the offline queue, or a reason not to. */
export type SettledPhotos =
  { media: MediaRefInput[] } | { queued: QueuedPhoto[] } | { problem: string };

export const ONLY_PHOTOS = 'Only photos can be added (JPEG, PNG, WebP, GIF or AVIF).';
export const NOT_UPLOADED = 'A photo was not uploaded: retry or remove it first.';
export const TOO_BIG = `This photo is larger than ${MEDIA_UPLOAD_MAX_MB} MB`;

export function tooManyMessage(left: number): string {
  const words = left === 1 ? '1 photo was' : `${left} photos were`;
  return `A note holds at most ${MEDIA_PER_NOTE_MAX} photos: ${words} not added.`;
}

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `photo-${nextKey}`;
}

function fromNote(media: RuminationMedia): ComposedPhoto {
  return {
    key: `media-${media.id}`,
    previewUrl: media.thumbnailUrl,
    status: 'uploaded',
    progress: 1,
    alt: media.alt,
    uploaded: { id: media.id },
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface PhotoUploads {
  photos: ComposedPhoto[];
  /** The last refusal of `add` (too many, not a photo), until the next change. */
  notice: string | null;
  /** Whether the list differs from the one the composer opened with. */
  changed: boolean;
  add: (files: Iterable<File>) => void;
  remove: (key: string) => void;
  /** `by`: -1 earlier, +1 later. */
  move: (key: string, by: -1 | 1) => void;
  setAlt: (key: string, alt: string) => void;
  retry: (key: string) => void;
  /** Waits for the uploads under way and says what the note can send (see SettledPhotos). */
  settle: (userId: number | null) => Promise<SettledPhotos>;
}

export function usePhotoUploads(
  initial: readonly RuminationMedia[] = [],
  upload: PhotoUploader = uploadPhoto,
): PhotoUploads {
  const [start] = useState(() => initial.map(fromNote));
  const [photos, setPhotos] = useState<ComposedPhoto[]>(start);
  const [notice, setNotice] = useState<string | null>(null);
  // The truth between renders: uploads finish and settle() reads without waiting for React.
  const current = useRef<ComposedPhoto[]>(start);
  const files = useRef(new Map<string, Blob>());
  const controllers = useRef(new Map<string, AbortController>());
  const inFlight = useRef(new Map<string, Promise<void>>());

  const update = useCallback((change: (photos: ComposedPhoto[]) => ComposedPhoto[]) => {
    current.current = change(current.current);
    setPhotos(current.current);
  }, []);

  const patch = useCallback(
    (key: string, fields: Partial<ComposedPhoto>) =>
      update((list) => list.map((p) => (p.key === key ? { ...p, ...fields } : p))),
    [update],
  );

  const startUpload = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file || inFlight.current.has(key)) return;
      if (!onlineManager.isOnline()) {
        patch(key, { status: 'waiting', progress: 0 });
        return;
      }
      const controller = new AbortController();
      controllers.current.set(key, controller);
      patch(key, { status: 'uploading', progress: 0, error: undefined });
      const sending = upload(file, {
        signal: controller.signal,
        onProgress: (progress) => patch(key, { progress }),
      })
        .then(
          (uploaded) => patch(key, { status: 'uploaded', progress: 1, uploaded }),
          (error: unknown) => {
            if (isAbort(error)) return;
            // No answer at all: it waits for the network (and goes with the queue if need be).
            if (error instanceof ApiError && error.status === 0) {
              patch(key, { status: 'waiting', progress: 0 });
            } else {
              patch(key, { status: 'failed', progress: 0, error: (error as Error).message });
            }
          },
        )
        .finally(() => {
          inFlight.current.delete(key);
          controllers.current.delete(key);
        });
      inFlight.current.set(key, sending);
    },
    [patch, upload],
  );

  useEffect(() => {
    // The network is back: what waited for it goes now.
    return onlineManager.subscribe((online) => {
      if (!online) return;
      for (const p of current.current) if (p.status === 'waiting') startUpload(p.key);
    });
  }, [startUpload]);

  useEffect(() => {
    const filesNow = files.current;
    const controllersNow = controllers.current;
    const previews = current;
    return () => {
      // The composer closed: uploads under way stop (the server erases unattached ones), previews go.
      for (const controller of controllersNow.values()) controller.abort();
      for (const p of previews.current) if (filesNow.has(p.key)) URL.revokeObjectURL(p.previewUrl);
    };
  }, []);

  const add = useCallback(
    (picked: Iterable<File>) => {
      const all = [...picked];
      const images = all.filter((file) => file.type.startsWith('image/'));
      const room = Math.max(0, MEDIA_PER_NOTE_MAX - current.current.length);
      const taken = images.slice(0, room);
      const left = images.length - taken.length;
      setNotice(left > 0 ? tooManyMessage(left) : images.length < all.length ? ONLY_PHOTOS : null);
      const added = taken.map((file): ComposedPhoto => {
        const key = newKey();
        files.current.set(key, file);
        const tooBig = file.size > MEDIA_UPLOAD_MAX_BYTES;
        return {
          key,
          previewUrl: URL.createObjectURL(file),
          status: tooBig ? 'failed' : 'waiting',
          progress: 0,
          alt: '',
          ...(tooBig ? { error: TOO_BIG } : {}),
        };
      });
      update((list) => [...list, ...added]);
      for (const p of added) if (p.status !== 'failed') startUpload(p.key);
    },
    [startUpload, update],
  );

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      const gone = current.current.find((p) => p.key === key);
      if (gone && files.current.has(key)) URL.revokeObjectURL(gone.previewUrl);
      files.current.delete(key);
      setNotice(null);
      update((list) => list.filter((p) => p.key !== key));
    },
    [update],
  );

  const move = useCallback(
    (key: string, by: -1 | 1) =>
      update((list) => {
        const from = list.findIndex((p) => p.key === key);
        const to = from + by;
        if (from < 0 || to < 0 || to >= list.length) return list;
        const next = [...list];
        const [photo] = next.splice(from, 1);
        if (photo) next.splice(to, 0, photo);
        return next;
      }),
    [update],
  );

  const setAlt = useCallback((key: string, alt: string) => patch(key, { alt }), [patch]);

  const retry = useCallback(
    (key: string) => {
      if ((files.current.get(key)?.size ?? 0) > MEDIA_UPLOAD_MAX_BYTES) return;
      startUpload(key);
    },
    [startUpload],
  );

  const settle = useCallback(
    async (userId: number | null): Promise<SettledPhotos> => {
      // Photos that waited for a network that has come back go now, and are waited for.
      if (onlineManager.isOnline()) {
        for (const p of current.current) if (p.status === 'waiting') startUpload(p.key);
      }
      while (inFlight.current.size > 0) await Promise.allSettled([...inFlight.current.values()]);
      const list = current.current;
      if (list.some((p) => p.status === 'failed')) return { problem: NOT_UPLOADED };
      if (list.every((p) => p.uploaded)) {
        return { media: list.map((p) => ({ id: p.uploaded?.id ?? 0, alt: p.alt })) };
      }
      // Offline: the photos not uploaded are kept in the browser and go with the queued note.
      if (userId === null) return { problem: NOT_UPLOADED };
      const queued: QueuedPhoto[] = [];
      for (const p of list) {
        const file = files.current.get(p.key);
        if (p.uploaded) queued.push({ id: p.uploaded.id, alt: p.alt });
        else if (file) queued.push({ kept: await keepPhoto(userId, file), alt: p.alt });
      }
      return { queued };
    },
    [startUpload],
  );

  const changed =
    photos.length !== start.length ||
    photos.some((p, i) => p.key !== start[i]?.key || p.alt !== start[i]?.alt);

  return useMemo(
    () => ({ photos, notice, changed, add, remove, move, setAlt, retry, settle }),
    [photos, notice, changed, add, remove, move, setAlt, retry, settle],
  );
}
