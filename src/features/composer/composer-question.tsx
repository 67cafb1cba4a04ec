import { useLingui } from '@lingui/react/macro';
import { DialogFrame } from '../../components/ui/dialog-frame';

interface ComposerQuestionProps {
  open: boolean;
  /** Closing the question (Escape, a click outside, the first button) keeps things as they are. */
  onStay: () => void;
  onGo: () => void;
  title: string;
  description: string;
  /** The safe answer, first, so that it holds the focus when the question opens. */
  stayLabel: string;
  goLabel: string;
}

/**
 * A question a composer asks before its text is lost or a note is taken down: an alert dialog over
 * the composer, whose safe answer leaves everything as it was.
 */
export function ComposerQuestion({
  open,
  onStay,
  onGo,
  title,
  description,
  stayLabel,
  goLabel,
}: ComposerQuestionProps) {
  return (
    <DialogFrame
      kind="alert"
      role="alertdialog"
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title={title}
      description={<p className="mt-2 text-sm text-ink-muted">{description}</p>}
    >
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={onStay} className="btn btn-secondary">
          {stayLabel}
        </button>
        <button type="button" onClick={onGo} className="btn btn-danger">
          {goLabel}
        </button>
      </div>
    </DialogFrame>
  );
}

/** Asked when Escape, a click outside, Close or Cancel would throw away what was written. */
export function DiscardQuestion({
  open,
  onKeepWriting,
  onDiscard,
}: {
  open: boolean;
  onKeepWriting: () => void;
  onDiscard: () => void;
}) {
  const { t } = useLingui();
  return (
    <ComposerQuestion
      open={open}
      onStay={onKeepWriting}
      onGo={onDiscard}
      title={t`Discard what you wrote?`}
      description={t`What you wrote here has not been saved. Discarding it cannot be undone.`}
      stayLabel={t`Keep writing`}
      goLabel={t`Discard`}
    />
  );
}
