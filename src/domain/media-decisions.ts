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

/**
 * What an image's header says about decoding it (sharp's metadata(), which reads the header only):
 * its format, size, samples, and whether it is stored so that it must be decoded whole before the
 * first row is known (an interlaced PNG, a progressive JPEG).
 */
export interface DecodeHeader {
  format: ImageType;
  width: number;
  height: number;
  channels: number;
  /** 1 for 8-bit samples, 2 for 16-bit (a PNG's, a 10- or 12-bit AVIF's). */
  bytesPerSample: number;
  progressive: boolean;
}

/**
 * The server's memory a decode takes for each byte of the decoded picture (pixels × channels ×
 * bytes per sample), as measured with libvips on images of each kind (docs/performance.md "Photo
 * uploads: hostile images"), rounded up: JPEG and WebP shrink while they are read; a GIF frame, an
 * AVIF picture, an interlaced PNG and a progressive JPEG's coefficients are held whole, AVIF's
 * several times over (its YUV planes, then RGBA).
 */
const DECODE_BYTES_PER_PICTURE_BYTE: Record<ImageType, { plain: number; progressive: number }> = {
  jpeg: { plain: 0.25, progressive: 2.1 },
  png: { plain: 1.15, progressive: 1.5 },
  webp: { plain: 0.15, progressive: 0.15 },
  gif: { plain: 1.75, progressive: 1.75 },
  avif: { plain: 3.4, progressive: 3.4 },
};

/**
 * A PNG that is not interlaced is read row by row, yet libvips keeps up to about 2,000 of its
 * rows: 16,384 px of 16-bit RGBA took 193 MB at 1,220 rows and 223 MB at 2,441; 4,096 px, 71 MB
 * at 9,765 rows.
 */
const PNG_ROWS_HELD = 2_000;

/**
 * What the stored picture costs on top of the decode: it is at most 2048 px on its long side, and
 * its WebP and JPEG encoders each hold a copy; 24 bytes a pixel, measured with noise (the worst
 * case: a 14 MiB JPEG of noise took 69 MB in all, for a 2048 × 1389 picture).
 */
const ENCODE_BYTES_PER_PIXEL = 24;
const STORED_LONG_SIDE = 2048;

/** The server's memory, in MB, that decoding an image with this header takes at its peak. */
export function decodeCostMb(header: DecodeHeader): number {
  const { width, height, format, progressive } = header;
  // libheif decodes to four channels whatever the picture has.
  const channels = format === 'avif' ? 4 : header.channels;
  const rows = format === 'png' && !progressive ? Math.min(height, PNG_ROWS_HELD) : height;
  const decoded = width * rows * channels * header.bytesPerSample;
  const factors = DECODE_BYTES_PER_PICTURE_BYTE[format];
  const factor = progressive ? factors.progressive : factors.plain;
  const scale = Math.min(1, STORED_LONG_SIDE / Math.max(width, height));
  const storedPixels = width * scale * height * scale;
  return (decoded * factor + storedPixels * ENCODE_BYTES_PER_PIXEL) / (1024 * 1024);
}

/**
 * The most one decode may take (api-contract.md "Photos": no upload raises the server's memory by
 * more than 256 MB): with one decode slot and one light decode beside it (MEDIA_LIGHT_DECODE_MB),
 * the two stay within it. Refused from the header, as a picture too large is: 40 megapixels of
 * GIF, AVIF, interlaced PNG or progressive JPEG; 16-bit PNGs 16,384 px wide and over about 1,100
 * rows; AVIF over about 7 megapixels. Taken: 40 megapixels of 8-bit PNG, baseline JPEG or WebP.
 */
export const MEDIA_DECODE_MAX_MB = 168;

/**
 * A decode this small takes a second or less (a phone's 12-megapixel JPEG is about 81 MB, most of
 * it the encoders'; a 64 × 48 PNG nothing): it may run beside the decode slots, in a lane of its
 * own, so that nobody's ordinary photo waits for someone else's very large one.
 */
export const MEDIA_LIGHT_DECODE_MB = 88;

/** Whether an image may be decoded at all: decodableSize, and within the memory of one decode. */
export function decodableHeader(header: DecodeHeader): boolean {
  return decodableSize(header) && decodeCostMb(header) <= MEDIA_DECODE_MAX_MB;
}

/** An upload waiting to be decoded, in the order they arrived: whose, and whether it is light. */
export interface WaitingDecode {
  account: number;
  light: boolean;
}

/** A decode in progress: whose, and whether it holds a slot or the light lane. */
export interface RunningDecode {
  account: number;
  lane: DecodeLane;
}

export type DecodeLane = 'slot' | 'light';

/**
 * Which waiting upload starts now, and where, or undefined (all wait). Fair between accounts
 * (api-contract.md "Photos": no upload holds up another person's for more than 2 seconds):
 * - accounts take turns: of the accounts waiting, the one with nothing being decoded goes first,
 *   then the one whose last decode started longest ago (`lastStarted`, a counter; never: first);
 *   within an account, its uploads in the order they came. One account's burst of uploads so never
 *   queues ahead of another account's upload, which waits at most for one decode per account.
 * - `slots` decodes of any weight at once (MEDIA_DECODE_CONCURRENCY);
 * - and, while every slot is held, one light decode beside them (MEDIA_LIGHT_DECODE_MB) for an
 *   account with nothing being decoded: a small photo never waits for a large one's seconds.
 */
export function nextDecode(
  waiting: readonly WaitingDecode[],
  running: readonly RunningDecode[],
  slots: number,
  lastStarted: ReadonlyMap<number, number>,
): { index: number; lane: DecodeLane } | undefined {
  const busy = new Set(running.map((r) => r.account));
  const firstOf = new Map<number, number>();
  waiting.forEach((w, index) => {
    if (!firstOf.has(w.account)) firstOf.set(w.account, index);
  });
  // Accounts in their turn's order: nothing decoding first, then the least recently started.
  const turns = [...firstOf.entries()].sort(([a, ai], [b, bi]) => {
    const idle = Number(busy.has(a)) - Number(busy.has(b));
    if (idle !== 0) return idle;
    const since = (lastStarted.get(a) ?? -1) - (lastStarted.get(b) ?? -1);
    return since !== 0 ? since : ai - bi;
  });
  const first = turns[0];
  if (first === undefined) return undefined;
  if (running.filter((r) => r.lane === 'slot').length < slots) {
    return { index: first[1], lane: 'slot' };
  }
  if (running.some((r) => r.lane === 'light')) return undefined;
  const light = turns.find(([account, index]) => !busy.has(account) && waiting[index]!.light);
  return light === undefined ? undefined : { index: light[1], lane: 'light' };
}
