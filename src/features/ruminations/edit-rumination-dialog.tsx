import type { Rumination } from '../../api/rumination-schemas';
import { audienceNameOf } from '../../domain/relation-types';
import { useUpdateRumination } from './use-rumination-mutations';
import { RuminationDialog } from './rumination-dialog';
import { RuminationForm, type RuminationSubmission } from './rumination-form';

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

  const save = ({ content, audiences, publish }: RuminationSubmission) => {
    update.mutate(
      { id: rumination.id, body: { content, audiences, publish } },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => console.error(error),
      },
    );
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
        initialValues={{
          content: rumination.content,
          audiences: rumination.audiences.map((a) => audienceNameOf(a.relationType)),
        }}
        isSaving={update.isPending}
        onSubmit={save}
      />
    </RuminationDialog>
  );
}
