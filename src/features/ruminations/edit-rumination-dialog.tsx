import type { Rumination, RuminationWriteRequest } from '../../api/rumination-schemas';
import { useSendWrite } from '../offline/queue-if-offline';
import { ruminationEditWrite } from './rumination-writes';
import { useUpdateRumination } from './use-rumination-mutations';
import { RuminationDialog } from './rumination-dialog';
import { formValuesOf, RuminationForm } from './rumination-form';

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
  const update = useUpdateRumination();
  const send = useSendWrite();

  const save = async (body: RuminationWriteRequest) => {
    const write = ruminationEditWrite(rumination, body);
    if (await send(update, write)) onOpenChange(false);
  };

  return (
    <RuminationDialog
      title="Edit Rumination"
      open={open}
      onOpenChange={(next) => {
        if (!next) update.reset();
        onOpenChange(next);
      }}
    >
      {update.error ? (
        <p role="alert" className="error-box mb-4">
          {update.error.message}
        </p>
      ) : null}
      <RuminationForm
        initialValues={formValuesOf(rumination)}
        isSaving={update.isPending}
        onSubmit={save}
      />
    </RuminationDialog>
  );
}
