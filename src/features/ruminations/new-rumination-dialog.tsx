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

  const save = ({ content, audiences, publish }: RuminationSubmission) => {
    create.mutate(
      // Audiences are omitted when none is chosen (spec section 3).
      { content, publish, ...(audiences.length > 0 ? { audiences } : {}) },
      {
        onSuccess: () => onOpenChange(false),
        // The dialog stays open with the content kept; the failure is only logged (spec section 8).
        onError: (error) => console.error(error),
      },
    );
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
