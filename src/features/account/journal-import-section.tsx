import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { ImportJob } from '../../api/import-schemas';
import { IMPORT_MAX_MB } from '../../api/import-schemas';
import { errorMessage } from '../../lib/error-message';
import { sayShared, spokenLanguage } from '../../lib/i18n/language';
import { useOneWrite } from '../composer/use-one-write';
import { importReadFailed, importStartFailed } from './import-api';
import { useImportJob, useStartImport } from './import-queries';

/** "Imported 120 notes as drafts; skipped 3": what a finished job did, in the language spoken. */
export function importSummary(job: Pick<ImportJob, 'imported' | 'skipped'>): string {
  const { imported, skipped } = job;
  return skipped === 0
    ? t`Imported ${plural(imported, { one: '# note', other: '# notes' })} as drafts.`
    : t`Imported ${plural(imported, { one: '# note', other: '# notes' })} as drafts; skipped ${plural(skipped, { other: '#' })}.`;
}

/**
 * Settings → "Bring your journal" (api-contract.md "Bring your journal: import"): a Day One JSON
 * export or this app's Markdown export, uploaded, then followed while the server imports it, then
 * what was imported and what was skipped, and why. Loaded with the settings page's own chunk, on
 * demand (settings-page.tsx): nothing of it is in the first visit's bundle.
 */
export default function JournalImportSection() {
  const inputId = useId();
  const [file, setFile] = useState<File | undefined>();
  const start = useStartImport();
  const job = useImportJob(start.data?.id);
  const running =
    start.isPending || job.data?.state === 'running' || (start.isSuccess && !job.data);

  const oneWrite = useOneWrite();
  const maxMb = IMPORT_MAX_MB.toLocaleString(spokenLanguage());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file === undefined) return;
    // A second click before React renders the button disabled is dropped: one import, not two.
    void oneWrite.submit(() =>
      start.mutateAsync(file).then(
        () => true,
        () => false,
      ),
    );
  };

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        <Trans>
          Import a Day One JSON export (a .zip with Journal.json and its photos) or a Markdown
          export of Ruminations, up to {maxMb} MB. Each entry becomes a draft only you can read,
          with its date, tags and photos. Importing the same file again adds nothing.
        </Trans>
      </p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            <Trans>Journal export (.zip)</Trans>
          </label>
          <input
            id={inputId}
            type="file"
            accept=".zip,application/zip"
            disabled={running}
            onChange={(event) => setFile(event.target.files?.[0])}
          />
        </div>
        <button
          type="submit"
          className="btn btn-secondary"
          disabled={file === undefined || running}
        >
          <Trans>Import</Trans>
        </button>
      </form>
      <ImportStatus
        uploading={start.isPending}
        job={job.data}
        startError={
          start.isError ? sayShared(errorMessage(start.error, importStartFailed())) : undefined
        }
        readError={job.isError ? sayShared(errorMessage(job.error, importReadFailed())) : undefined}
      />
    </div>
  );
}

function ImportStatus({
  uploading,
  job,
  startError,
  readError,
}: {
  uploading: boolean;
  job: ImportJob | undefined;
  startError: string | undefined;
  readError: string | undefined;
}) {
  const { t } = useLingui();
  if (startError !== undefined) {
    return (
      <p role="alert" className="error-box">
        {startError}
      </p>
    );
  }
  let status = '';
  if (uploading) status = t`Uploading your journal…`;
  else if (job?.state === 'running') {
    const { imported, skipped } = job;
    status = t`Importing… ${plural(imported, { one: '# note', other: '# notes' })} imported, ${plural(skipped, { other: '#' })} skipped so far.`;
  } else if (job?.state === 'done') status = importSummary(job);
  const failure = job?.state === 'failed' ? job.errors.at(-1) : undefined;
  const reason = failure === undefined ? '' : sayShared(failure.message);
  const skippedEntries = job?.state === 'failed' ? job.errors.slice(0, -1) : (job?.errors ?? []);
  const known =
    job === undefined || job.state === 'running' ? 0 : job.skipped - skippedEntries.length;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex items-center gap-3">
        {uploading || job?.state === 'running' ? (
          <progress aria-label={t`Import progress`} className="w-32" />
        ) : null}
        <p role="status">{status}</p>
      </div>
      {failure !== undefined ? (
        <p role="alert" className="error-box">
          {t`The import stopped: ${reason}`}
          {job !== undefined && job.imported > 0 ? ` ${importSummary(job)}` : ''}
        </p>
      ) : null}
      {known > 0 ? (
        <p>
          {t`${plural(known, { one: '# entry was already imported.', other: '# entries were already imported.' })}`}
        </p>
      ) : null}
      {job !== undefined && job.state !== 'running' && skippedEntries.length > 0 ? (
        <div>
          <h3 className="font-medium">
            <Trans>Skipped entries</Trans>
          </h3>
          <ul className="list-disc ps-5">
            {skippedEntries.map((error, i) => (
              <li key={`${error.entry}-${i}`}>
                <span className="font-mono">{error.entry}</span>: {sayShared(error.message)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {readError !== undefined ? (
        <p role="alert" className="error-box">
          {readError}
        </p>
      ) : null}
    </div>
  );
}
