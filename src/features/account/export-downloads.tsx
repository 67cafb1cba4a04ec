import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportFormat } from '../../api/account-schemas';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { downloadExport } from './export-api';
import { formatBytes } from './format-bytes';
import { saveFile } from './save-file';

/**
 * "Download my data" as JSON or as Markdown. The download needs the bearer token, so it is fetched
 * (its progress shown, in bytes: the server streams it without a length) and then saved.
 */
export function ExportDownloads() {
  const { t } = useLingui();
  const [receivedBytes, setReceivedBytes] = useState(0);
  const download = useMutation({
    mutationFn: async (format: ExportFormat) => {
      setReceivedBytes(0);
      const file = await downloadExport(format, setReceivedBytes);
      saveFile(file.blob, file.filename);
      return file;
    },
  });
  const choices: { format: ExportFormat; label: string }[] = [
    { format: 'json', label: t`Download my data (JSON)` },
    { format: 'markdown', label: t`Download my data (Markdown)` },
  ];

  let status = '';
  if (download.isPending) {
    const received = formatBytes(receivedBytes);
    status = receivedBytes === 0 ? t`Downloading…` : t`Downloading… ${received}`;
  } else if (download.isSuccess) {
    const { filename } = download.data;
    const size = formatBytes(download.data.blob.size);
    status = t`Downloaded ${filename} (${size}).`;
  }

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        <Trans>
          Everything you wrote, with its comments and your relations. JSON is one file; Markdown is
          a zip with one .md file per rumination (with front matter) and comments.md.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        {choices.map(({ format, label }) => (
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
        {download.isPending ? (
          <progress aria-label={t`Download progress`} className="w-32" />
        ) : null}
        <p role="status">{status}</p>
      </div>
      {download.isError ? (
        <p role="alert" className="error-box">
          {sayShared(errorMessage(download.error, t`Failed to download your data`))}
        </p>
      ) : null}
    </div>
  );
}
