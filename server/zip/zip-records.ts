/**
 * The ZIP format's record signatures and field limits (PKWARE's APPNOTE), for the zips the server
 * writes (the Markdown export, server/modules/account/export-zip.ts) and reads (a journal to import,
 * server/modules/imports/zip-file.ts): written once, so that reader and writer agree on them.
 */

export const LOCAL_HEADER = 0x04034b50;
export const DATA_DESCRIPTOR = 0x08074b50;
export const CENTRAL_HEADER = 0x02014b50;
export const END = 0x06054b50;
export const ZIP64_LOCATOR = 0x07064b50;
export const ZIP64_END = 0x06064b50;
/** A 16-bit or 32-bit field at its largest: the value is in the ZIP64 records instead. */
export const MAX_16 = 0xffff;
export const MAX_32 = 0xffffffff;
