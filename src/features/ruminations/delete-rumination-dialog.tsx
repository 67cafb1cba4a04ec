import ConfirmDialog from '../../components/ui/confirm-dialog';
import { useDeleteRumination } from './use-rumination-mutations';

export const DELETE_FAILED_ALERT = 'Failed to delete rumination. Please try again.';

interface DeleteRuminationDialogProps {
  ruminationId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Delete rumination?" with the delete call itself. Loaded lazily by the owner's card, so that a
 * visitor's cards carry no mutation code; the card remounts it (a new key) for every attempt, so
 * an earlier failure is not shown again.
 */
export default function DeleteRuminationDialog({
  ruminationId,
  open,
  onOpenChange,
}: DeleteRuminationDialogProps) {
  const remove = useDeleteRumination();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete rumination?"
      description="This action cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      error={remove.isError ? DELETE_FAILED_ALERT : null}
      onConfirm={() =>
        remove.mutate(ruminationId, {
          onSuccess: () => onOpenChange(false),
          onError: (error) => console.error(error),
        })
      }
    />
  );
}
