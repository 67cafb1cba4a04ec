import { plural, t } from '@lingui/core/macro';
import { onlineManager } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { MediaRefInput, UploadedMedia } from '../../api/media-schemas';
import type { RuminationMedia } from '../../api/media-schemas';
import { MEDIA_PER_NOTE_MAX, MEDIA_UPLOAD_MAX_BYTES, MEDIA_UPLOAD_MAX_MB } from '../../api/limits';
import { ApiError } from '../../lib/api-error';
import { formatNumber } from '../../lib/format-number';
import {
  ComposerPhotoKeepingContext,
  readKeptFile,
  type KeptComposerPhoto,
} from './kept-composer-photos';
import {
  forgetKeptPhotos,
  keepPhoto,
  newKeptPhotoKey,
  noteKeptPhotoUploaded,
  storeKeptPhoto,
} from './kept-photos';
import { uploadPhoto, type PhotoUploader } from './photo-upload-api';
import type { QueuedPhoto } from './queued-photos';

/**
 * The photos of one opening of the composer: each picked file with its preview (an object URL),
 * its upload (started at once when online, with progress), the id the server gave it, its alt
 * text, an error if the server refused it, and their order. An edit starts from the note's photos;
 * a restored draft from its own (kept-composer-photos.ts), each picked file read back from this
 * browser's copy and uploaded then if it was not before.
 */

export interface ComposedPhoto {
  /** This composer's own key for it (not the server's id). */
  key: string;
  /** An object URL of the picked file, or a note's thumbnail; empty while a kept copy is read. */
  previewUrl: string;
  /** `waiting`: offline, or the network went away; it uploads when the network returns. */
  status: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  /** From 0 to 1 while uploading. */
  progress: number;
  alt: string;
  /** The server's title when it refused the photo. */
  error?: string;
  uploaded?: Pick<UploadedMedia, 'id'>;
  /** Its file's copy in this browser (kept-photos.ts), while the composer keeps its draft. */
  kept?: string;
}

/** What a submission can send: the note's `media`, photos for the offline queue, or a reason not to. */
export type SettledPhotos =
  { media: MediaRefInput[] } | { queued: QueuedPhoto[] } | { problem: string };

/*
 * What the composer is told, in the language spoken when it happens (each a function: a message
 * is looked up when it is said, never when the module loads).
 */
export function onlyPhotosMessage(): string {
  return t`Only photos can be added (JPEG, PNG, WebP, GIF or AVIF).`;
}

export function notUploadedMessage(): string {
  return t`A photo was not uploaded: retry or remove it first.`;
}

export function tooBigMessage(): string {
  const maxMb = formatNumber(MEDIA_UPLOAD_MAX_MB);
  return t`This photo is larger than ${maxMb} MB`;
}

export function tooManyMessage(left: number): string {
  const max = formatNumber(MEDIA_PER_NOTE_MAX);
  return t`${plural(left, {
    one: `A note holds at most ${max} photos: # photo was not added.`,
    other: `A note holds at most ${max} photos: # photos were not added.`,
  })}`;
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

/** A photo of a restored draft: a note's own (its thumbnail), or a picked file (read later). */
function fromKept(photo: KeptComposerPhoto, initial: readonly RuminationMedia[]): ComposedPhoto {
  const ofNote = photo.kept === undefined ? initial.find((m) => m.id === photo.id) : undefined;
  if (ofNote) return { ...fromNote(ofNote), alt: photo.alt };
  const uploaded = photo.id === undefined ? {} : { uploaded: { id: photo.id } };
  return {
    key: newKey(),
    previewUrl: '',
    status: photo.id === undefined ? 'waiting' : 'uploaded',
    progress: photo.id === undefined ? 0 : 1,
    alt: photo.alt,
    ...uploaded,
    ...(photo.kept === undefined ? {} : { kept: photo.kept }),
  };
}

/** What the draft keeps of a photo: nothing for one neither uploaded nor copied (too big, say). */
function toKept(photo: ComposedPhoto): KeptComposerPhoto[] {
  if (!photo.uploaded && photo.kept === undefined) return [];
  return [
    {
      alt: photo.alt,
      ...(photo.uploaded ? { id: photo.uploaded.id } : {}),
      ...(photo.kept === undefined ? {} : { kept: photo.kept }),
    },
  ];
}

function sameList(a: readonly ComposedPhoto[], b: readonly ComposedPhoto[]): boolean {
  return a.length === b.length && a.every((p, i) => p.key === b[i]?.key && p.alt === b[i]?.alt);
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
  const keeping = useContext(ComposerPhotoKeepingContext);
  // What the composer opened with (changes are counted from it), and where it starts: a restored
  // draft's photos, or the same.
  const [opening] = useState(() => initial.map(fromNote));
  const [start] = useState(() =>
    keeping?.restored ? keeping.restored.map((p) => fromKept(p, initial)) : opening,
  );
  const [photos, setPhotos] = useState<ComposedPhoto[]>(start);
  const [notice, setNotice] = useState<string | null>(null);
  // The truth between renders: uploads finish and settle() reads without waiting for React.
  const current = useRef<ComposedPhoto[]>(start);
  const files = useRef(new Map<string, Blob>());
  const controllers = useRef(new Map<string, AbortController>());
  const inFlight = useRef(new Map<string, Promise<void>>());
  // The copies of picked files being written: whether each was (a queued note waits for it).
  const copying = useRef(new Map<string, Promise<boolean>>());

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
          (uploaded) => {
            patch(key, { status: 'uploaded', progress: 1, uploaded });
            // Beside the copy too: a draft restored before it was kept with the id knows it.
            const kept = current.current.find((p) => p.key === key)?.kept;
            if (kept !== undefined) void noteKeptPhotoUploaded(kept, uploaded).catch(console.error);
          },
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

  useEffect(() => {
    // A restored draft's picked files, read back from this browser: their previews, and the
    // uploads of those that had not reached the server.
    const toRead = start.filter((p) => p.kept !== undefined);
    if (toRead.length === 0) return;
    let live = true;
    void Promise.all(toRead.map(async (p) => [p, await readKeptFile(p.kept ?? '')] as const)).then(
      (read) => {
        if (!live) return;
        for (const [p, file] of read) {
          if (!current.current.some((c) => c.key === p.key)) continue;
          if (!file) {
            // Its copy is gone (the browser cleared its storage): shown without a preview if the
            // server has it, else it cannot be sent and leaves the list.
            if (!p.uploaded) update((list) => list.filter((c) => c.key !== p.key));
            continue;
          }
          files.current.set(p.key, file.blob);
          const id = p.uploaded?.id ?? file.uploadedId;
          patch(p.key, {
            previewUrl: URL.createObjectURL(file.blob),
            ...(id === undefined ? {} : { status: 'uploaded', progress: 1, uploaded: { id } }),
          });
          if (id === undefined) startUpload(p.key);
        }
      },
    );
    return () => {
      live = false;
    };
  }, [start, patch, startUpload, update]);

  const add = useCallback(
    (picked: Iterable<File>) => {
      const all = [...picked];
      const images = all.filter((file) => file.type.startsWith('image/'));
      const room = Math.max(0, MEDIA_PER_NOTE_MAX - current.current.length);
      const taken = images.slice(0, room);
      const left = images.length - taken.length;
      setNotice(
        left > 0 ? tooManyMessage(left) : images.length < all.length ? onlyPhotosMessage() : null,
      );
      const userId = keeping?.userId ?? null;
      const added = taken.map((file): ComposedPhoto => {
        const key = newKey();
        files.current.set(key, file);
        const tooBig = file.size > MEDIA_UPLOAD_MAX_BYTES;
        // Copied into this browser at once, so that the draft kept with it gives it back.
        let kept: string | undefined;
        if (userId !== null && !tooBig) {
          kept = newKeptPhotoKey(userId);
          copying.current.set(
            key,
            storeKeptPhoto(kept, file).then(
              () => true,
              (error: unknown) => {
                console.error(error);
                return false;
              },
            ),
          );
        }
        return {
          key,
          previewUrl: URL.createObjectURL(file),
          status: tooBig ? 'failed' : 'waiting',
          progress: 0,
          alt: '',
          ...(tooBig ? { error: tooBigMessage() } : {}),
          ...(kept === undefined ? {} : { kept }),
        };
      });
      update((list) => [...list, ...added]);
      for (const p of added) if (p.status !== 'failed') startUpload(p.key);
    },
    [keeping?.userId, startUpload, update],
  );

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      const gone = current.current.find((p) => p.key === key);
      if (gone && files.current.has(key)) URL.revokeObjectURL(gone.previewUrl);
      // The draft no longer names it: its copy goes.
      if (gone?.kept !== undefined) void forgetKeptPhotos([gone.kept]);
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
      if (list.some((p) => p.status === 'failed')) return { problem: notUploadedMessage() };
      if (list.every((p) => p.uploaded)) {
        return { media: list.map((p) => ({ id: p.uploaded?.id ?? 0, alt: p.alt })) };
      }
      // Offline: the photos not uploaded are kept in the browser and go with the queued note.
      if (userId === null) return { problem: notUploadedMessage() };
      const queued: QueuedPhoto[] = [];
      for (const p of list) {
        const file = files.current.get(p.key);
        if (p.uploaded) queued.push({ id: p.uploaded.id, alt: p.alt });
        // Copied already (for the kept draft): the queue takes that copy. One read back from a
        // restored draft exists, or it would have left the list.
        else if (p.kept !== undefined && (await (copying.current.get(p.key) ?? true))) {
          queued.push({ kept: p.kept, alt: p.alt });
        } else if (file) queued.push({ kept: await keepPhoto(userId, file), alt: p.alt });
      }
      return { queued };
    },
    [startUpload],
  );

  const changed = !sameList(photos, opening);

  // The draft keeps the photos with its text, told of every change that it would store (not of
  // each step of an upload's progress); nothing at first, the draft holds them already.
  const keep = keeping?.keep;
  const keptNow = JSON.stringify(changed ? photos.flatMap(toKept) : null);
  const lastKept = useRef(keptNow);
  useEffect(() => {
    if (!keep || keptNow === lastKept.current) return;
    lastKept.current = keptNow;
    keep(JSON.parse(keptNow) as KeptComposerPhoto[] | null);
  }, [keep, keptNow]);

  return useMemo(
    () => ({ photos, notice, changed, add, remove, move, setAlt, retry, settle }),
    [photos, notice, changed, add, remove, move, setAlt, retry, settle],
  );
}
