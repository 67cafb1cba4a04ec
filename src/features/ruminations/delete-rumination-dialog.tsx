import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Rumination } from '../../api/rumination-schemas';
import { DialogCancel, DialogFrame } from '../../components/ui/dialog-frame';
import { isApiError } from '../../lib/api-error';
import { useDeleteRumination } from './use-rumination-mutations';

interface DeleteRuminationDialogProps {
  /** The note as the card shows it: its version goes with the delete (If-Match). */
  rumination: Pick<Rumination, 'id' | 'version'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The note as it is now, when the delete answered 412 with it; else nothing. The answer is the
 * server's, read like every other answer (no zod here: that would load it with the dialog); what
 * the dialog uses of it is checked.
 */
function changedNoteOf(error: unknown): Rumination | null {
  if (!isApiError(error) || error.status !== 412) return null;
  const current = error.problem?.current as Partial<Rumination> | undefined;
  return typeof current?.version === 'number' && typeof current.content === 'string'
    ? (current as Rumination)
    : null;
}

/**
 * "Delete rumination?" with the delete call itself. (It shows a note as plain text: the card's
 * text renderer, shared with this lazy module, would be split off the card's chunk.) Loaded lazily by the owner's card, so that a
 * visitor's cards carry no mutation code; the card remounts it (a new key) for every attempt, so
 * an earlier failure is not shown again. A note changed elsewhere meanwhile is not deleted unseen:
 * the dialog shows it as it is now and asks again, about that version.
 */
export default function DeleteRuminationDialog({
  rumination,
  open,
  onOpenChange,
}: DeleteRuminationDialogProps) {
  const { t } = useLingui();
  const remove = useDeleteRumination();
  const [changed, setChanged] = useState<Rumination | null>(null);
  const version = changed?.version ?? rumination.version;
  const otherError = remove.isError && changedNoteOf(remove.error) === null;

  return (
    <DialogFrame
      kind="alert"
      role="alertdialog"
      open={open}
      onOpenChange={onOpenChange}
      title={t`Delete rumination?`}
      description={
        <p className="mt-2 text-sm text-ink-muted">
          {changed ? (
            <Trans>
              This note was changed elsewhere since you opened it. This is how it reads now. Delete
              it anyway?
            </Trans>
          ) : (
            <Trans>It moves to the trash, where you can restore it.</Trans>
          )}
        </p>
      }
    >
      {changed ? (
        <figure className="mt-4 flex max-h-64 flex-col gap-2 overflow-y-auto rounded-md border border-line bg-page p-3">
          <figcaption className="text-xs text-ink-muted">
            {changed.isPublished ? (
              <Trans>As it is now</Trans>
            ) : (
              <Trans>As it is now (draft)</Trans>
            )}
          </figcaption>
          <p className="whitespace-pre-wrap break-words text-sm">{changed.content}</p>
        </figure>
      ) : null}
      {/* Said while the delete waits for the network (a mutation holds while offline, then goes). */}
      {remove.isPaused ? (
        <p role="status" className="mt-4 text-sm text-ink-muted">
          <Trans>You are offline. It will be moved to the trash once you are back online.</Trans>
        </p>
      ) : null}
      {otherError ? (
        <p role="alert" className="error-box mt-4">
          <Trans>Failed to delete rumination. Please try again.</Trans>
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <DialogCancel />
        <button
          type="button"
          disabled={remove.isPending}
          className="btn btn-danger"
          onClick={() =>
            remove.mutate(
              { id: rumination.id, version },
              {
                onSuccess: () => onOpenChange(false),
                onError: (error) => {
                  const now = changedNoteOf(error);
                  if (now) setChanged(now);
                  else console.error(error);
                },
              },
            )
          }
        >
          {remove.isPending ? <Trans>Deleting...</Trans> : <Trans>Delete</Trans>}
        </button>
      </div>
    </DialogFrame>
  );
}
