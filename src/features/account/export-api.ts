import { t } from '@lingui/core/macro';
import type { ExportFormat } from '../../api/account-schemas';
import { api, withDefaultError } from '../../lib/http';
import { filenameOfContentDisposition } from './content-disposition';

/** What GET /api/account/export brought: the file and the name the server gave it. */
export interface ExportFile {
  blob: Blob;
  filename: string;
}

const FALLBACK_NAMES: Record<ExportFormat, string> = {
  json: 'ruminations-export.json',
  markdown: 'ruminations-export.zip',
};

/**
 * Downloads the caller's data as one file (JSON, or a zip of Markdown files). The server streams
 * it without a length, so `onProgress` hears only how many bytes have arrived so far.
 */
export function downloadExport(
  format: ExportFormat,
  onProgress: (receivedBytes: number) => void,
): Promise<ExportFile> {
  return withDefaultError(t`Failed to download your data`, async () => {
    const response = await api.get('account/export', {
      searchParams: { format },
      // A large export takes as long as it takes; the stream itself shows it is alive.
      timeout: false,
      onDownloadProgress: (progress) => onProgress(progress.transferredBytes),
    });
    const blob = await response.blob();
    const filename =
      filenameOfContentDisposition(response.headers.get('Content-Disposition')) ??
      FALLBACK_NAMES[format];
    return { blob, filename };
  });
}
