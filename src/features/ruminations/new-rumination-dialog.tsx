import { useSendWrite } from '../offline/queue-if-offline';
import { newRuminationWrite } from './rumination-writes';
import { useCreateRumination } from './use-rumination-mutations';
import { RuminationDialog } from './rumination-dialog';
import type { RuminationWriteRequest } from '../../api/rumination-schemas';
import { RuminationForm } from './rumination-form';

interface NewRuminationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Loaded lazily by NewRuminationButton: nobody pays for the form until they open it. */
export default function NewRuminationDialog({ open, onOpenChange }: NewRuminationDialogProps) {
  const create = useCreateRumination();
  const send = useSendWrite();

  const save = async ({ audiences, ...body }: RuminationWriteRequest) => {
    // Audiences are omitted when none is chosen (spec section 3).
    const write = newRuminationWrite(audiences?.length ? { ...body, audiences } : body);
    // On failure the dialog stays open with the content kept (spec section 2).
    if (await send(create, write)) onOpenChange(false);
  };

  return (
    <RuminationDialog
      title="New Rumination"
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
    >
      <RuminationForm isSaving={create.isPending} onSubmit={save} />
    </RuminationDialog>
  );
}
