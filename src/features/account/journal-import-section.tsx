import { useId, useState, type FormEvent } from 'react';
import type { ImportJob } from '../../api/import-schemas';
import { IMPORT_MAX_MB } from '../../api/import-schemas';
import { errorMessage } from '../../lib/error-message';
import { useOneWrite } from '../composer/use-one-write';
import { IMPORT_READ_FAILED, IMPORT_START_FAILED } from './import-api';
import { useImportJob, useStartImport } from './import-queries';

function notes(count: number): string {
  return count === 1 ? '1 note' : `${count.toLocaleString()} notes`;
}

/** "Imported 120 notes as drafts; skipped 3": what a finished job did. */
export function importSummary(job: Pick<ImportJob, 'imported' | 'skipped'>): string {
  const imported = `Imported ${notes(job.imported)} as drafts`;
  return job.skipped === 0
    ? `${imported}.`
    : `${imported}; skipped ${job.skipped.toLocaleString()}.`;
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
        Import a Day One JSON export (a .zip with Journal.json and its photos) or a Markdown export
        of Ruminations, up to {IMPORT_MAX_MB} MB. Each entry becomes a draft only you can read, with
        its date, tags and photos. Importing the same file again adds nothing.
      </p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Journal export (.zip)
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
          Import
        </button>
      </form>
      <ImportStatus
        uploading={start.isPending}
        job={job.data}
        startError={start.isError ? errorMessage(start.error, IMPORT_START_FAILED) : undefined}
        readError={job.isError ? errorMessage(job.error, IMPORT_READ_FAILED) : undefined}
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
  if (startError !== undefined) {
    return (
      <p role="alert" className="error-box">
        {startError}
      </p>
    );
  }
  let status = '';
  if (uploading) status = 'Uploading your journal…';
  else if (job?.state === 'running') {
    status = `Importing… ${notes(job.imported)} imported, ${job.skipped.toLocaleString()} skipped so far.`;
  } else if (job?.state === 'done') status = importSummary(job);
  const failure = job?.state === 'failed' ? job.errors.at(-1) : undefined;
  const skippedEntries = job?.state === 'failed' ? job.errors.slice(0, -1) : (job?.errors ?? []);
  const known =
    job === undefined || job.state === 'running' ? 0 : job.skipped - skippedEntries.length;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex items-center gap-3">
        {uploading || job?.state === 'running' ? (
          <progress aria-label="Import progress" className="w-32" />
        ) : null}
        <p role="status">{status}</p>
      </div>
      {failure !== undefined ? (
        <p role="alert" className="error-box">
          The import stopped: {failure.message}
          {job !== undefined && job.imported > 0 ? ` ${importSummary(job)}` : ''}
        </p>
      ) : null}
      {known > 0 ? (
        <p>
          {known === 1 ? '1 entry was' : `${known.toLocaleString()} entries were`} already imported.
        </p>
      ) : null}
      {job !== undefined && job.state !== 'running' && skippedEntries.length > 0 ? (
        <div>
          <h3 className="font-medium">Skipped entries</h3>
          <ul className="list-disc ps-5">
            {skippedEntries.map((error, i) => (
              <li key={`${error.entry}-${i}`}>
                <span className="font-mono">{error.entry}</span>: {error.message}
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
