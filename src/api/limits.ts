/**
 * The numbers of the contract (contract: Limits, Relations, People), apart from the zod schemas
 * that use them, so that screens can read them without loading zod.
 */

/** Text lengths after trimming, and the message for text that is too long. */
export const RUMINATION_MAX = 5000;
export const COMMENT_MAX = 2000;
export function tooLongMessage(max: number): string {
  return `Content must be at most ${max} characters`;
}

/** Paging shared by every rumination and comment list: newest first, `BeforeId` keyset. */
export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;
/**
 * Page size of every rumination list in the SPA. The server's default is 20 too, but sending it
 * makes "a page shorter than Limit is the last" independent of the server's default. index.html
 * asks for the first page of /public with it before the app loads (build/inline-boot-scripts.ts).
 */
export const RUMINATION_PAGE_SIZE = 20;

export const RELATION_LIMIT_DEFAULT = 50;
export const RELATION_LIMIT_MAX = 200;

/** People search: `q` from 2 to 32 characters, at most 50 names a page. */
export const USER_SEARCH_MIN = 2;
export const USER_SEARCH_MAX = 32;
export const USER_SEARCH_LIMIT_DEFAULT = 20;
export const USER_SEARCH_LIMIT_MAX = 50;

/** A person's display name and bio (contract: Names people recognise), in characters after trimming. */
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 300;

/** How far a note's or comment's `writtenTMS` may lie before and after the server's clock. */
export const WRITTEN_TIME_PAST_MS = 30 * 24 * 60 * 60 * 1000;
export const WRITTEN_TIME_FUTURE_MS = 5 * 60 * 1000;

/** Search of one's own ruminations: `q` at most this long (longer: 400). */
export const NOTE_SEARCH_MAX = 200;

/** Notifications list: the usual paging (newest first, `BeforeId`). */
export const NOTIFICATION_LIMIT_DEFAULT = 20;
export const NOTIFICATION_LIMIT_MAX = 100;

/** How long a rumination stays in the trash before it is erased for good (30 days). */
export const TRASH_RETENTION_SECONDS_DEFAULT = 2_592_000;

/** Photos (api-contract.md "Photos"): how many a note holds, and the length of each one's alt text. */
export const MEDIA_PER_NOTE_MAX = 6;
export const MEDIA_ALT_MAX = 500;
/** An upload's largest size (over: 413) and largest picture (over: 400, cannot be read). */
export const MEDIA_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
export const MEDIA_UPLOAD_MAX_MB = 15;
export const MEDIA_MAX_PIXELS = 40_000_000;
/** An upload's longest side: a very wide or tall picture passes the pixel limit, not this one. */
export const MEDIA_MAX_SIDE = 16_384;
/** The long side of a stored photo and of its thumbnail, in pixels. */
export const MEDIA_LONG_SIDE = 2048;
export const MEDIA_THUMBNAIL_LONG_SIDE = 320;
/** Each account's photo storage, in MB, unless MEDIA_QUOTA_MB says otherwise. */
export const MEDIA_QUOTA_MB_DEFAULT = 1024;
/** An upload no note holds after this long is erased. */
export const MEDIA_UNATTACHED_MS = 24 * 60 * 60 * 1000;
