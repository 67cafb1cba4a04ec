import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportFormat } from '../../api/account-schemas';
import { errorMessage } from '../../lib/error-message';
import { downloadExport } from './export-api';
import { formatBytes } from './format-bytes';
import { saveFile } from './save-file';

const DEFAULT_ERROR = 'Failed to download your data';

const CHOICES: { format: ExportFormat; label: string }[] = [
  { format: 'json', label: 'Download my data (JSON)' },
  { format: 'markdown', label: 'Download my data (Markdown)' },
];

/**
 * "Download my data" as JSON or as Markdown. The download needs the bearer token, so it is fetched
 * (its progress shown, in bytes: the server streams it without a length) and then saved.
 */
export function ExportDownloads() {
  const [receivedBytes, setReceivedBytes] = useState(0);
  const download = useMutation({
    mutationFn: async (format: ExportFormat) => {
      setReceivedBytes(0);
      const file = await downloadExport(format, setReceivedBytes);
      saveFile(file.blob, file.filename);
      return file;
    },
  });

  let status = '';
  if (download.isPending) {
    status = receivedBytes === 0 ? 'Downloading…' : `Downloading… ${formatBytes(receivedBytes)}`;
  } else if (download.isSuccess) {
    status = `Downloaded ${download.data.filename} (${formatBytes(download.data.blob.size)}).`;
  }

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        Everything you wrote, with its comments and your relations. JSON is one file; Markdown is a
        zip with one .md file per rumination (with front matter) and comments.md.
      </p>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className="btn btn-secondary"
            disabled={download.isPending}
            onClick={() => download.mutate(format)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-3 text-sm">
        {download.isPending ? <progress aria-label="Download progress" className="w-32" /> : null}
        <p role="status">{status}</p>
      </div>
      {download.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(download.error, DEFAULT_ERROR)}
        </p>
      ) : null}
    </div>
  );
}
