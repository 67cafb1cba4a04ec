import type { Rumination } from '../../api/rumination-schemas';
import { audienceNameOf } from '../../domain/relation-types';
import { useSendWrite } from '../offline/queue-if-offline';
import { ruminationEditWrite } from './rumination-writes';
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
  const send = useSendWrite();

  const save = async ({ content, audiences, publish }: RuminationSubmission) => {
    const write = ruminationEditWrite(rumination.id, { content, audiences, publish });
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
