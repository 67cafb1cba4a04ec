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
import type { MediaStorage } from '../media/media-storage';
import type { ExportAdmission } from './export-admission';
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
  admission: ExportAdmission,
  storage: MediaStorage,
): Promise<ExportDownload> {
  const source = await exportSource(db, user, storage);
  const kind = format === 'json' ? 'json' : 'zip';
  const fileName = exportFileName(source.account.username, source.exportedAt, kind);
  const chunks: AsyncIterable<string | Buffer> =
    format === 'json' ? jsonExportChunks(source) : markdownExportChunks(source);
  return {
    fileName,
    contentType: EXPORT_CONTENT_TYPES[kind],
    contentDisposition: exportContentDisposition(fileName),
    body: Readable.from(endingBeforeLastChunk(chunks, admission), {
      objectMode: false,
      highWaterMark: 64 * 1024,
    }),
  };
}

/**
 * The chunks, the admission ended before the last one is handed out: by the time a client holds
 * the whole file, the account may export again (a download at once after another is not refused).
 * A download that fails or is dropped before ends its admission when its body closes
 * (export-routes.ts).
 */
async function* endingBeforeLastChunk<Chunk>(
  chunks: AsyncIterable<Chunk>,
  admission: ExportAdmission,
): AsyncGenerator<Chunk> {
  let previous: { chunk: Chunk } | undefined;
  for await (const chunk of chunks) {
    if (previous) yield previous.chunk;
    previous = { chunk };
  }
  await admission.end();
  if (previous) yield previous.chunk;
}
