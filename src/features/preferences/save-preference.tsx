import { useLingui } from '@lingui/react/macro';
import { PreferenceSaveError } from './choice-save-status';

/**
 * The foot of a setting saved with a button: why the last save failed, the button ("Saving..."
 * while it goes), and "Saved" once the stored value is the one shown. One for every such setting.
 */
export function SavePreference({
  update,
  edited,
  blocked = false,
  label,
  onSave,
}: {
  update: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown };
  /** The person changed something since the last save. */
  edited: boolean;
  /** What is shown cannot be saved as it is (the setting says why). */
  blocked?: boolean;
  /** The button's words; "Save" without. */
  label?: string;
  onSave: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <PreferenceSaveError update={update} />
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!edited || blocked || update.isPending}
          onClick={onSave}
        >
          {update.isPending ? t`Saving...` : (label ?? t`Save`)}
        </button>
        <p role="status" className="text-sm text-ink-muted">
          {update.isSuccess && !edited ? t`Saved` : ''}
        </p>
      </div>
    </>
  );
}
