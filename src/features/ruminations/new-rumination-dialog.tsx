import { onlineManager } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { showToast } from '../../lib/toasts';
import { useSendWrite } from '../offline/queue-if-offline';
import { newRuminationWrite } from './rumination-writes';
import { useCreateRumination } from './use-rumination-mutations';
import { RuminationDialog, type ComposerSave } from './rumination-dialog';
import { EMPTY_FORM_VALUES } from './rumination-form';

const START = { values: EMPTY_FORM_VALUES };

interface NewRuminationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Loaded lazily by NewRuminationButton: nobody pays for the form until they open it. */
export default function NewRuminationDialog({ open, onOpenChange }: NewRuminationDialogProps) {
  const create = useCreateRumination();
  const send = useSendWrite();

  const showsDrafts = useRouterState({
    select: (state) =>
      state.location.pathname === '/my-ruminations' &&
      (state.location.search as { view?: string }).view === 'drafts',
  });

  const save: ComposerSave = async ({ audiences, ...body }, { idempotencyKey }) => {
    // Audiences are omitted when none is chosen (spec section 3).
    const write = newRuminationWrite(
      audiences?.length ? { ...body, audiences } : body,
      idempotencyKey,
    );
    const online = onlineManager.isOnline();
    // On failure the dialog stays open with the content kept (spec section 2).
    if (!(await send(create, write))) return false;
    // A draft lands where the page may not show it: say so, with the way to it. (Offline, the
    // not-yet-sent list says what happens to it.)
    if (!body.publish && online && !showsDrafts) {
      showToast({
        message: 'Draft saved',
        link: { label: 'View drafts', to: '/my-ruminations', search: { view: 'drafts' } },
      });
    }
    return true;
  };

  return (
    <RuminationDialog
      title="New Rumination"
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
      slot="new"
      start={START}
      isSaving={create.isPending}
      save={save}
    />
  );
}
