import { useLingui } from '@lingui/react/macro';
import type { Rumination } from '../../api/rumination-schemas';
import { sayShared } from '../../lib/i18n/language';
import { useSendWrite } from '../offline/queue-if-offline';
import { ruminationEditWrite } from './rumination-writes';
import { useUpdateRumination } from './use-rumination-mutations';
import { RuminationDialog, type ComposerSave } from './rumination-dialog';
import { formValuesOf } from './rumination-form';

interface EditRuminationDialogProps {
  rumination: Rumination;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Editing one's own rumination: Save Draft sends publish false, Publish true (spec section 2). */
export default function EditRuminationDialog({
  rumination,
  open,
  onOpenChange,
}: EditRuminationDialogProps) {
  const { t } = useLingui();
  const update = useUpdateRumination();
  const send = useSendWrite();

  // The dialog captures this when it opens (rumination-dialog.tsx): a refetch while it is open
  // changes neither the text it started from nor the version sent as If-Match.
  const start = {
    values: formValuesOf(rumination),
    version: rumination.version,
    media: rumination.media,
  };

  const save: ComposerSave = (body, { idempotencyKey, baseVersion, photos }) => {
    const write = ruminationEditWrite(
      { id: rumination.id, version: baseVersion ?? rumination.version },
      body,
      idempotencyKey,
      photos,
    );
    return send(update, write);
  };

  return (
    <RuminationDialog
      title={t`Edit Rumination`}
      open={open}
      onOpenChange={(next) => {
        if (!next) update.reset();
        onOpenChange(next);
      }}
      slot={`edit:${rumination.id}`}
      start={start}
      isSaving={update.isPending}
      save={save}
      takesDown={rumination.isPublished}
      notice={
        update.error ? (
          <p role="alert" className="error-box mb-4">
            {sayShared(update.error.message)}
          </p>
        ) : null
      }
    />
  );
}
