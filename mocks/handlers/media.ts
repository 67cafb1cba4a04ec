import { HttpResponse } from 'msw';
import { MEDIA_QUOTA_MB_DEFAULT, MEDIA_UPLOAD_MAX_BYTES } from '../../src/api/limits';
import {
  mediaFetchParams,
  mediaFetchQuery,
  type MediaRef,
  type UploadedMedia,
} from '../../src/api/media-schemas';
import { MEDIA_SESSION_URL } from '../../src/api/media-session';
import { mediaUrlChecks, type MediaVariant } from '../../src/api/media-urls';
import { ApiProblem, settle } from '../../src/api/problem';
import {
  chooseImageFormat,
  decideMediaAttach,
  decideMediaRequest,
  decideQuota,
  decideUploadType,
  decodableHeader,
  MEDIA_PROBLEMS,
  sniffImageType,
  unattachedEraseAfter,
  type AttachedMedia,
} from '../../src/domain/media-decisions';
import { requireWriter, route } from '../http';
import { readImageHeader } from '../image-header';
import { mediaCodec, type EncodedMedia } from '../media-codec';
import { getMediaFile, putMediaFiles, type MediaFormat } from '../media-files';
import { endMediaSession, mediaRequestCredentials } from '../media-session';
import { drawSeedPicture } from '../seed-photos';
import { eraseMedia, isMediaLive, sweepMedia } from '../store/media-changes';
import { getDb, nextId, saveDb } from '../store/db';
import { now } from '../store/clock';
import type { StoredMedia, StoredRumination } from '../store/tables';
import { isVisible, mediaOfRumination, mediaSigner } from '../views';

/**
 * /api/media (api-contract.md "Photos"), answered as server/modules/media does, from the same
 * shared rules (src/domain/media-decisions.ts) and URL form (src/api/media-urls.ts): the SPA
 * cannot tell the demo's photos from the server's. Decoding is mocks/media-codec.ts's (a canvas
 * in the browser), files are mocks/media-files.ts's (IndexedDB in the demo).
 *
 * Also the attaching half of a rumination's write (`decideAttachment`, `storeAttachment`), which
 * handlers/ruminations.ts calls.
 */

/** The mock has no settings: every account holds the server's default quota. */
export const MEDIA_QUOTA_BYTES = MEDIA_QUOTA_MB_DEFAULT * 1024 * 1024;

/** The bytes an account's uploads hold, live or not yet swept (the server's `usedBytes`). */
export function usedBytes(ownerId: number): number {
  return getDb()
    .media.filter((m) => m.ownerId === ownerId)
    .reduce((sum, m) => sum + m.bytes, 0);
}

/** The `file` part of a multipart body, as bytes; undefined without one (or without a form). */
async function fileOf(request: Request): Promise<Uint8Array | undefined> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not multipart/form-data, or not a readable one.
    return undefined;
  }
  const file: unknown = form.get('file');
  if (file === null || typeof file === 'string' || typeof file !== 'object') return undefined;
  if (!('arrayBuffer' in file) || typeof file.arrayBuffer !== 'function') return undefined;
  return new Uint8Array(await (file as Blob).arrayBuffer());
}

/**
 * Decodes an upload (in its checks' order: size, type by first bytes, what its header says decoding
 * it would take, decoding), else the problem the server answers.
 */
export async function encodeUpload(bytes: Uint8Array): Promise<EncodedMedia> {
  if (bytes.length > MEDIA_UPLOAD_MAX_BYTES) throw ApiProblem.of(MEDIA_PROBLEMS.tooLarge);
  const type = settle(decideUploadType(bytes.subarray(0, 32)));
  // Refused before decoding as the server refuses it (decodableHeader): too many pixels, a side too
  // long, or more memory than a decode may take (an interlaced or 16-bit PNG, a progressive JPEG,
  // an AVIF, a GIF too large for it).
  const header = readImageHeader(bytes, type);
  if (header && !decodableHeader(header)) throw ApiProblem.of(MEDIA_PROBLEMS.unreadable);
  const encoded = await mediaCodec().encode(bytes);
  if (!encoded) throw ApiProblem.of(MEDIA_PROBLEMS.unreadable);
  return encoded;
}

export function bytesOf(encoded: EncodedMedia): number {
  return Object.values(encoded.files).reduce((sum, file) => sum + file.length, 0);
}

/** The uploads a write names, as decideMediaAttach wants them. */
function uploadFacts(refs: readonly MediaRef[]) {
  const ids = new Set(refs.map((r) => r.id));
  const at = new Date();
  return getDb()
    .media.filter((m) => ids.has(m.id))
    .map((m) => ({
      id: m.id,
      ownerId: m.ownerId,
      ruminationId: m.ruminationId,
      live: isMediaLive(m, at),
    }));
}

/** What a note's write decided of its photos (400 on `media` when it may not hold them). */
export function decideAttachment(
  refs: readonly MediaRef[],
  userId: number,
  rumination: StoredRumination | null,
): { attached: AttachedMedia[]; released: number[] } {
  const held = rumination === null ? [] : mediaOfRumination(rumination.id).map((m) => m.id);
  return settle(decideMediaAttach(refs, uploadFacts(refs), userId, rumination?.id ?? null, held));
}

/** Stores it: the photos the note holds in order, and those it let go erased at once. */
export function storeAttachment(
  ruminationId: number,
  decided: { attached: readonly AttachedMedia[]; released: readonly number[] },
): void {
  const byId = new Map(getDb().media.map((m) => [m.id, m]));
  for (const a of decided.attached) {
    const m = byId.get(a.id);
    if (m) Object.assign(m, { ruminationId, position: a.position, alt: a.alt, eraseAfter: null });
  }
  for (const id of decided.released) {
    const m = byId.get(id);
    if (m) Object.assign(m, { ruminationId: null, eraseAfter: null });
  }
  if (decided.released.length > 0) sweepMedia();
}

/**
 * Whether `readerId` (null: anyone) may read a note that holds the photo now (visibility; trash
 * hides).
 */
function inRuminationVisibleTo(m: StoredMedia, readerId: number | null): boolean {
  if (m.ruminationId === null) return false;
  const r = getDb().ruminations.find((x) => x.id === m.ruminationId);
  return r !== undefined && isVisible(r, readerId);
}

/** The demo seed's pictures being drawn, so that two fetches at once draw each only once. */
const drawing = new Map<number, Promise<void>>();

/**
 * The demo seed's photos have no files until first asked for (the seed runs synchronously; a
 * canvas encodes asynchronously): they are drawn then, through the codec's canvas path.
 */
function drawSeedFiles(m: StoredMedia & { picture: string }): Promise<void> {
  let done = drawing.get(m.id);
  if (!done) {
    done = drawSeedPicture(m.picture)
      .then((encoded) => putMediaFiles(m.id, encoded.files))
      .catch(() => {
        // No canvas here (node tests of the seed): the photo answers 404, as one with no files.
      });
    drawing.set(m.id, done);
    void done.finally(() => drawing.delete(m.id));
  }
  return done;
}

/** A photo's file, drawing a seed picture's files first if they were never made. */
export async function readMediaFile(
  m: StoredMedia,
  variant: MediaVariant,
  format: MediaFormat,
): Promise<Uint8Array | undefined> {
  const file = await getMediaFile(m.id, variant, format);
  if (file !== undefined || m.picture === undefined) return file;
  await drawSeedFiles({ ...m, picture: m.picture });
  return getMediaFile(m.id, variant, format);
}

export const mediaHandlers = [
  route('post', '/api/media', async ({ request }) => {
    const userId = requireWriter(request);
    const bytes = await fileOf(request);
    if (bytes === undefined) throw ApiProblem.of(MEDIA_PROBLEMS.noFile);
    const encoded = await encodeUpload(bytes);
    const size = bytesOf(encoded);
    settle(decideQuota(usedBytes(userId), size, MEDIA_QUOTA_BYTES));
    // The row is taken and saved before any further wait: in the demo every call re-reads the
    // saved store first (mocks/http.ts), so an id or row kept only in memory across an await would
    // be lost to, or taken twice by, an upload running beside this one (the composer sends several).
    const at = now();
    const media: StoredMedia = {
      id: nextId(),
      ownerId: userId,
      ruminationId: null,
      position: 0,
      alt: '',
      width: encoded.width,
      height: encoded.height,
      bytes: size,
      createTMS: at,
      eraseAfter: unattachedEraseAfter(new Date(at)),
    };
    getDb().media.push(media);
    saveDb();
    const { id } = media;
    try {
      await putMediaFiles(id, encoded.files);
    } catch (error) {
      // No room for the files (the browser's storage is full): no upload either.
      eraseMedia(new Set([id]));
      throw error;
    }
    return HttpResponse.json<UploadedMedia>(
      { id, width: media.width, height: media.height },
      { status: 201 },
    );
  }),

  route('get', '/api/media/:id/:variant', async ({ request, params, cookies }) => {
    // Whatever is wrong (the path, the query, the mac, the expiry, the note's visibility, the
    // credentials): 404, as the server answers, so that a URL tells nothing of what it named.
    const path = mediaFetchParams.safeParse({ id: params['id'], variant: params['variant'] });
    const query = mediaFetchQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!path.success || !query.success) throw ApiProblem.of(MEDIA_PROBLEMS.notFound);
    const { id, variant } = path.data;
    const signer = query.data.viewer;
    const checks = await mediaUrlChecks(id, query.data, new Date(), await mediaSigner());
    const found = getDb().media.find((m) => m.id === id);
    const facts = found && {
      ownerId: found.ownerId,
      live: isMediaLive(found),
      inVisibleRumination: inRuminationVisibleTo(found, signer === 0 ? null : signer),
      inPublicRumination: inRuminationVisibleTo(found, null),
    };
    settle(decideMediaRequest(checks, signer, facts, mediaRequestCredentials(request, cookies)));
    const format = chooseImageFormat(request.headers.get('Accept'));
    const file = await readMediaFile(found!, variant, format);
    // A row whose files are gone (a demo's IndexedDB cleared apart from its localStorage).
    if (file === undefined) throw ApiProblem.of(MEDIA_PROBLEMS.notFound);
    // Named by the bytes served: a browser that cannot encode WebP kept another format.
    const type = sniffImageType(file.subarray(0, 32)) ?? format;
    return new HttpResponse(file as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': `image/${type}`,
        // Personal, as the note is: the browser may keep it until the URL expires, no proxy may.
        'Cache-Control': `private, max-age=${Math.max(0, query.data.expires - Math.floor(Date.now() / 1000))}`,
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept, Authorization, Cookie',
      },
    });
  }),

  route('delete', MEDIA_SESSION_URL, ({ request }) => endMediaSession(request)),
];
