import { newIdempotencyKey } from '../offline/offline-writes';
import { useQueryClient } from '@tanstack/react-query';
import { forgetFailedWrite, queueIfOffline } from '../offline/queue-if-offline';
import { useCreateRumination } from './use-rumination-mutations';
import { RuminationDialog } from './rumination-dialog';
import { RuminationForm, type RuminationSubmission } from './rumination-form';

interface NewRuminationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Loaded lazily by NewRuminationButton: nobody pays for the form until they open it. */
export default function NewRuminationDialog({ open, onOpenChange }: NewRuminationDialogProps) {
  const create = useCreateRumination();
  const queryClient = useQueryClient();

  const save = ({ content, audiences, publish }: RuminationSubmission) => {
    const write = {
      // Audiences are omitted when none is chosen (spec section 3).
      body: { content, publish, ...(audiences.length > 0 ? { audiences } : {}) },
      // Made once per press of Save: every resend of this write carries it.
      idempotencyKey: newIdempotencyKey(),
    };
    if (queueIfOffline(create, write)) {
      onOpenChange(false);
      return;
    }
    create.mutate(write, {
      onSuccess: () => onOpenChange(false),
      // The dialog stays open with the content kept; the failure is only logged (spec section 8).
      onError: (error) => {
        console.error(error);
        forgetFailedWrite(queryClient, write.idempotencyKey);
      },
    });
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
