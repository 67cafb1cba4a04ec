import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../lib/error-message';

/**
 * The foot of a setting saved as soon as it is chosen (Language, Email digests): why the last
 * save failed, and "Saved" once the stored value is the one shown (`settled`: no choice still on
 * its way). SavePreference is the same for a setting saved with a button.
 */
/** Why a preference's last save failed, while it stands (both kinds of setting foot). */
export function PreferenceSaveError({ update }: { update: { isError: boolean; error: unknown } }) {
  const { t } = useLingui();
  return update.isError ? (
    <p role="alert" className="error-box">
      {errorMessage(update.error, t`Failed to save your preferences`)}
    </p>
  ) : null;
}

export function ChoiceSaveStatus({
  update,
  settled,
}: {
  update: { isError: boolean; isSuccess: boolean; error: unknown };
  settled: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <PreferenceSaveError update={update} />
      <p role="status" className="text-sm text-ink-muted">
        {update.isSuccess && settled ? t`Saved` : ''}
      </p>
    </>
  );
}
