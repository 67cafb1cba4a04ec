import { sayShared } from '../../lib/i18n/language';
import { DialogCancel, DialogFrame } from './dialog-frame';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** Shown as an alert inside the dialog, which stays open (in the language spoken: sayShared). */
  error?: string | null;
  onConfirm: () => void;
}

/** A yes/no question before something that cannot be undone. Loaded lazily by its callers. */
export default function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  isPending,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <DialogFrame
      kind="alert"
      role="alertdialog"
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={<p className="mt-2 text-sm text-ink-muted">{description}</p>}
    >
      {error ? (
        <p role="alert" className="error-box mt-4">
          {sayShared(error)}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <DialogCancel />
        <button type="button" disabled={isPending} onClick={onConfirm} className="btn btn-danger">
          {isPending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
