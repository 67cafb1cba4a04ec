import { allow, refuse, type Decision, type Refusal } from './decision';
import {
  MEDIA_MAX_PIXELS,
  MEDIA_MAX_SIDE,
  MEDIA_UNATTACHED_MS,
  MEDIA_UPLOAD_MAX_MB,
} from '../api/limits';
import type { MediaRef } from '../api/media-schemas';

/**
 * The rules of photos (api-contract.md "Photos"): which uploads are taken, which a note may hold,
 * who may fetch one, and when one is erased. The server and the mock backend load the facts and
 * ask here; decoding, storing and signing are theirs.
 */

export const MEDIA_UNREADABLE = 'This image cannot be read';

export const MEDIA_PROBLEMS = {
  /** Bytes that do not decode, a truncated file, more than 40 megapixels or a side over 16,384 px. */
  unreadable: { status: 400, title: MEDIA_UNREADABLE },
  tooLarge: {
    status: 413,
    title: `A photo may be at most ${MEDIA_UPLOAD_MAX_MB} MB`,
  },
  unsupportedType: {
    status: 415,
    title: 'Photos must be JPEG, PNG, WebP, GIF or AVIF',
  },
  /** No `file` part in the form, or a body that is not multipart/form-data. */
  noFile: {
    status: 400,
    title: 'Choose a photo to upload',
    errors: { file: ['Choose a photo to upload'] },
  },
  quotaFull: { status: 413, title: 'Your photo storage is full' },
  /** Missing, hidden, unsigned, expired and erased alike: nothing is revealed. */
  notFound: { status: 404, title: 'Photo not found' },
} as const satisfies Record<string, Refusal>;

/**
 * Whether a picture of the size its header declares may be decoded at all: at most 40 megapixels
 * and at most 16,384 px on either side. Asked before any pixel is decoded: a 300 KB PNG of
 * 39,000,000 × 1 pixels passes the pixel limit and yet took a decoder to gigabytes.
 */
export function decodableSize(size: { width: number; height: number }): boolean {
  const { width, height } = size;
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    width >= 1 &&
    height >= 1 &&
    width <= MEDIA_MAX_SIDE &&
    height <= MEDIA_MAX_SIDE &&
    width * height <= MEDIA_MAX_PIXELS
  );
}

export const MEDIA_NOT_YOURS = 'Each photo must be one of your uploads, in no other rumination';
export const MEDIA_TWICE = 'A photo can be in a rumination only once';

function mediaInvalid(message: string): Refusal {
  return { status: 400, title: message, errors: { media: [message] } };
}

/** The image formats taken, named by what their first bytes say (never by the client's type). */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

function startsWith(bytes: Uint8Array, at: number, ascii: string): boolean {
  if (bytes.length < at + ascii.length) return false;
  for (let i = 0; i < ascii.length; i++) {
    if (bytes[at + i] !== ascii.charCodeAt(i)) return false;
  }
  return true;
}

/** The format of a file from its first bytes (at least 12 are needed), or undefined. */
export function sniffImageType(head: Uint8Array): ImageType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (startsWith(head, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(head, 0, 'RIFF') && startsWith(head, 8, 'WEBP')) return 'webp';
  if (startsWith(head, 0, 'GIF87a') || startsWith(head, 0, 'GIF89a')) return 'gif';
  if (startsWith(head, 4, 'ftypavif') || startsWith(head, 4, 'ftypavis')) return 'avif';
  return undefined;
}

/** An upload's format: one of the five, else 415. */
export function decideUploadType(head: Uint8Array): Decision<ImageType> {
  const type = sniffImageType(head);
  return type === undefined ? refuse(MEDIA_PROBLEMS.unsupportedType) : allow(type);
}

/** Room for an upload of `bytes` in an account that holds `usedBytes` of `quotaBytes`. */
export function decideQuota(usedBytes: number, bytes: number, quotaBytes: number): Decision {
  return usedBytes + bytes > quotaBytes ? refuse(MEDIA_PROBLEMS.quotaFull) : allow();
}

/** When a new upload is erased unless a note takes it first. */
export function unattachedEraseAfter(now: Date): string {
  return new Date(now.getTime() + MEDIA_UNATTACHED_MS).toISOString();
}

/** An upload as attaching needs it: whose it is, and which note holds it (null: none). */
export interface UploadFacts {
  id: number;
  ownerId: number;
  ruminationId: number | null;
  /** False once it is due to be erased (unattached too long, its note or account erased). */
  live: boolean;
}

/** A photo as a note will hold it: which upload, its place and its alt text. */
export interface AttachedMedia {
  id: number;
  position: number;
  alt: string;
}

/**
 * The photos a note's write names (`refs`, in order): each one of the caller's live uploads, held
 * by no other note (`ruminationId` is the note written, null for a new one), named once. Else 400
 * on `media`. Uploads the note held and the write leaves out are released (`released`), to be
 * erased: a note's photos are part of it.
 */
export function decideMediaAttach(
  refs: readonly MediaRef[],
  uploads: readonly UploadFacts[],
  userId: number,
  ruminationId: number | null,
  heldBefore: readonly number[] = [],
): Decision<{ attached: AttachedMedia[]; released: number[] }> {
  const byId = new Map(uploads.map((u) => [u.id, u]));
  const seen = new Set<number>();
  const attached: AttachedMedia[] = [];
  for (const [position, ref] of refs.entries()) {
    if (seen.has(ref.id)) return refuse(mediaInvalid(MEDIA_TWICE));
    seen.add(ref.id);
    const upload = byId.get(ref.id);
    const usable =
      upload !== undefined &&
      upload.ownerId === userId &&
      upload.live &&
      (upload.ruminationId === null || upload.ruminationId === ruminationId);
    if (!usable) return refuse(mediaInvalid(MEDIA_NOT_YOURS));
    attached.push({ id: ref.id, position, alt: ref.alt });
  }
  return allow({ attached, released: heldBefore.filter((id) => !seen.has(id)) });
}

/** A photo as fetching it needs: whose upload it is, whether its note is visible to the signer. */
export interface MediaReadFacts {
  ownerId: number;
  live: boolean;
  /** Held by a rumination the signer may read now (the visibility rule, trash included). */
  inVisibleRumination: boolean;
}

/**
 * Whether a photo's URL is good for its signer: the URL's mac and expiry check, and the photo is
 * the signer's own upload or is in a note the signer may read now (so an ended relation or a note
 * moved to the trash stops every URL already handed out). Anything else is 404. Whether the
 * request may use it is decideMediaRequest's.
 */
export function decideMediaFetch(
  urlChecks: boolean,
  signerId: number,
  media: MediaReadFacts | undefined,
): Decision {
  if (!urlChecks || media === undefined || !media.live) return refuse(MEDIA_PROBLEMS.notFound);
  const own = signerId !== 0 && media.ownerId === signerId;
  return own || media.inVisibleRumination ? allow() : refuse(MEDIA_PROBLEMS.notFound);
}

/** A photo as a request for it needs, beyond what its signer may see. */
export interface MediaRequestFacts extends MediaReadFacts {
  /** Held by a rumination anyone may read now (published, public, not in the trash). */
  inPublicRumination: boolean;
}

/**
 * A request for a photo's URL (api-contract.md "Photos"): the URL checks and its signer may see
 * the photo (decideMediaFetch), and the request carries the signer's credentials: `carriedBy` are
 * the people whose valid bearer token or photo cookie it holds (none, or someone else: 404, so a
 * link copied out of the page opens for nobody). A public note's photos are the exception: they
 * open for anyone, as the note does; once it leaves the public (trash, audiences) so do they.
 */
export function decideMediaRequest(
  urlChecks: boolean,
  signerId: number,
  media: MediaRequestFacts | undefined,
  carriedBy: readonly number[],
): Decision {
  const signerMay = decideMediaFetch(urlChecks, signerId, media);
  if (!signerMay.ok || media?.inPublicRumination === true) return signerMay;
  return signerId !== 0 && carriedBy.includes(signerId) ? allow() : refuse(MEDIA_PROBLEMS.notFound);
}

/** The format a fetch answers: WebP when the request's Accept names it, else JPEG. */
export function chooseImageFormat(accept: string | null | undefined): 'webp' | 'jpeg' {
  return accept !== null && accept !== undefined && /\bimage\/webp\b/i.test(accept)
    ? 'webp'
    : 'jpeg';
}
