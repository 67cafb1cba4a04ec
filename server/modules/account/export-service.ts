import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ExportFormat } from '../../../src/api/account-schemas';
import {
  EXPORT_CONTENT_TYPES,
  exportContentDisposition,
  exportFileName,
} from '../../../src/domain/markdown-export';
import type { AuthUser } from '../../credentials/request-auth';
import type { Database } from '../../db/schema';
import { jsonExportChunks } from './export-json';
import { markdownExportChunks } from './export-markdown';
import { exportSource } from './export-source';

/** GET /api/account/export: the download of one format, its name and its headers. */

export interface ExportDownload {
  fileName: string;
  contentType: string;
  contentDisposition: string;
  body: Readable;
}

/**
 * The download of one format. Readable.from pulls the writer's next chunk only when the response
 * has room (backpressure): a client that reads slowly pauses the database reads instead of
 * filling the server's memory. Not object mode, so highWaterMark counts bytes.
 */
export async function startExport(
  db: Kysely<Database>,
  user: AuthUser,
  format: ExportFormat,
): Promise<ExportDownload> {
  const source = await exportSource(db, user);
  const kind = format === 'json' ? 'json' : 'zip';
  const fileName = exportFileName(source.account.username, source.exportedAt, kind);
  const chunks = format === 'json' ? jsonExportChunks(source) : markdownExportChunks(source);
  return {
    fileName,
    contentType: EXPORT_CONTENT_TYPES[kind],
    contentDisposition: exportContentDisposition(fileName),
    body: Readable.from(chunks, { objectMode: false, highWaterMark: 64 * 1024 }),
  };
}
