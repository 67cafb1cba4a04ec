import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Rumination, RuminationRevision } from '../../api/rumination-schemas';
import { relationTypeLabel } from '../../domain/relation-types';
import { DialogFrame } from '../../components/ui/dialog-frame';
import { RetryBox } from '../../components/ui/load-error';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { isApiError } from '../../lib/api-error';
import { formatNumber } from '../../lib/format-number';
import { sayShared } from '../../lib/i18n/language';
import { showToast } from '../../lib/toasts';
import { diffWords } from '../../lib/word-diff';
import { useRestoreRevision, useRevisions } from './history-queries';

/** What a version held: its text, published state and audiences. */
type VersionState = Pick<RuminationRevision, 'content' | 'isPublished' | 'audiences'>;

interface HistoryDialogProps {
  /** The note as it is now (its author's card): the newest version, and the base of a restore. */
  rumination: Rumination;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Refreshes what shows the note once a version is restored (the card's lists). */
  afterRestore: () => Promise<void>;
  /** How the card shows a time (lib/format-time.ts, handed down with the card's code). */
  formatTime: (iso: string) => string;
}

/**
 * A note's versions (its author's "edited"), newest first: each with when it was saved, how the
 * next version differs from it (words taken out and put in, as <del> and <ins>), and Restore,
 * which makes it the current version again, on top of the current one (If-Match).
 */
export default function HistoryDialog({
  rumination,
  open,
  onOpenChange,
  afterRestore,
  formatTime,
}: HistoryDialogProps) {
  const { t } = useLingui();
  const stateText = useStateText();
  const currentVersion = formatNumber(rumination.version);
  const query = useRevisions(rumination.id, open);
  const restore = useRestoreRevision(rumination.id, afterRestore);
  const [conflict, setConflict] = useState(false);
  const revisions = query.data?.pages.flat() ?? [];
  const byVersion = new Map(revisions.map((r) => [r.version, r]));
  const nextOf = (version: number): VersionState | undefined =>
    version + 1 === rumination.version ? rumination : byVersion.get(version + 1);

  const restoreOne = (revision: RuminationRevision) => {
    setConflict(false);
    restore.mutate(
      { revisionId: revision.id, baseVersion: rumination.version },
      {
        onSuccess: () => {
          onOpenChange(false);
          const version = formatNumber(revision.version);
          showToast({ message: t`Version ${version} restored` });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 412) {
            setConflict(true);
            void afterRestore();
          } else console.error(error);
        },
      },
    );
  };

  return (
    <DialogFrame
      kind="wide-form"
      open={open}
      onOpenChange={(next) => {
        if (!next) restore.reset();
        onOpenChange(next);
      }}
      title={t`History`}
      closeButton
      description={
        <p className="text-sm text-ink-muted">
          <Trans>
            Earlier versions of this note, newest first. Under each, what the next version changed:
            struck-through words were taken out, underlined words were put in.
          </Trans>
        </p>
      }
    >
      {conflict ? (
        <p role="alert" className="error-box mt-4">
          <Trans>
            This note was changed elsewhere meanwhile. The history now shows its latest version; try
            again.
          </Trans>
        </p>
      ) : restore.isError ? (
        <p role="alert" className="error-box mt-4">
          {sayShared(restore.error.message)}
        </p>
      ) : null}
      <section aria-labelledby="history-current" className="mt-4 rounded-md border border-line p-3">
        <h3 id="history-current" className="text-sm font-semibold">
          <Trans>Version {currentVersion} (now)</Trans>
        </h3>
        <p className="text-xs text-ink-muted">
          <Saved iso={rumination.updateTMS} formatTime={formatTime} />
          {' · '}
          {stateText(rumination)}
        </p>
        <p className="mt-2 whitespace-pre-wrap break-words text-sm">{rumination.content}</p>
      </section>
      {query.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-muted">
          <Trans>Loading the history...</Trans>
        </p>
      ) : query.isError && revisions.length === 0 ? (
        <RetryBox
          message={sayShared(query.error.message)}
          onRetry={() => void query.refetch()}
          className="mt-4"
        />
      ) : revisions.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">
          <Trans>No earlier versions.</Trans>
        </p>
      ) : (
        <ol aria-label={t`Earlier versions`} className="mt-4 flex flex-col gap-3">
          {revisions.map((revision) => (
            <RevisionItem
              key={revision.id}
              revision={revision}
              next={nextOf(revision.version)}
              formatTime={formatTime}
              isRestoring={restore.isPending}
              onRestore={() => restoreOne(revision)}
            />
          ))}
        </ol>
      )}
      <div className="mt-4 flex justify-center">
        <LoadMoreButton query={query} />
      </div>
    </DialogFrame>
  );
}

/** How a version's state reads: "Published · Family, Friend", in the language spoken. */
function useStateText(): (state: VersionState) => string {
  const { t } = useLingui();
  return (state) => {
    const labels = state.audiences.map((a) => relationTypeLabel(a.relationType, sayShared));
    const published = state.isPublished ? t`Published` : t`Draft`;
    if (labels.length === 0) return published;
    // Each language's own comma ("،" in Arabic).
    const audiences = labels.reduce((list, item) => t`${list}, ${item}`);
    return `${published} · ${audiences}`;
  };
}

/** "Saved <time>", the time as the card shows it. */
function Saved({ iso, formatTime }: { iso: string; formatTime: (iso: string) => string }) {
  const when = formatTime(iso);
  return (
    <Trans>
      Saved <time dateTime={iso}>{when}</time>
    </Trans>
  );
}

function RevisionItem({
  revision,
  formatTime,
  next,
  isRestoring,
  onRestore,
}: {
  revision: RuminationRevision;
  formatTime: (iso: string) => string;
  next: VersionState | undefined;
  isRestoring: boolean;
  onRestore: () => void;
}) {
  const { t } = useLingui();
  const stateText = useStateText();
  const headingId = `revision-${revision.id}`;
  const version = formatNumber(revision.version);
  return (
    <li aria-labelledby={headingId} className="rounded-md border border-line p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-sm font-semibold">
            <Trans>Version {version}</Trans>
          </h3>
          <p className="text-xs text-ink-muted">
            <Saved iso={revision.savedTMS} formatTime={formatTime} />
            {' · '}
            {stateText(revision)}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={isRestoring}
          aria-label={t`Restore version ${version}`}
          onClick={onRestore}
        >
          <Trans>Restore</Trans>
        </button>
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm">{revision.content}</p>
      {next ? <ChangesToNext revision={revision} next={next} /> : null}
    </li>
  );
}

/** What the next version changed, in words, with the state when it changed too. */
function ChangesToNext({ revision, next }: { revision: VersionState; next: VersionState }) {
  const stateText = useStateText();
  const parts = diffWords(revision.content, next.content);
  const textChanged = parts.some((part) => part.kind !== 'same');
  const before = stateText(revision);
  const after = stateText(next);
  return (
    <div className="mt-2 rounded bg-page p-2 text-sm">
      <p className="text-xs font-medium text-ink-muted">
        <Trans>Then changed to</Trans>
      </p>
      {textChanged ? (
        <p className="mt-1 whitespace-pre-wrap break-words">
          {parts.map((part, index) =>
            part.kind === 'added' ? (
              <ins key={index} className="text-success underline decoration-2">
                {part.text}
              </ins>
            ) : part.kind === 'removed' ? (
              <del key={index} className="text-danger line-through">
                {part.text}
              </del>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      ) : (
        <p className="mt-1 text-ink-muted">
          <Trans>The same text.</Trans>
        </p>
      )}
      {before === after ? null : (
        <p className="mt-1 text-xs text-ink-muted">
          {/* The arrow points along the reading: mirrored in Arabic. */}
          {before} <span className="inline-block rtl:-scale-x-100">→</span> {after}
        </p>
      )}
    </div>
  );
}
