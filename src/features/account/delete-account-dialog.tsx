import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { deleteAccountRequest, type DeleteAccountRequest } from '../../api/account-schemas';
import { FormError } from '../../components/ui/form-error';
import { FormField } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/error-message';
import { useReturnFocus } from '../../lib/use-return-focus';
import { applyServerFieldErrors, isShownOnFields } from '../auth/server-field-errors';
import { ERASED_WITH_ACCOUNT } from './account-erasure';
import { useDeleteAccount } from './account-queries';

const FIELDS = ['password'] as const;
const DEFAULT_ERROR = 'Failed to delete account';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Delete your account?": what is erased, and the password to prove it is you. On success the
 * browser's copy goes as at sign-out and the person lands on /public. Loaded lazily by the
 * Settings page, which remounts it for every attempt so that nothing of an earlier one shows.
 */
export default function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const returnFocus = useReturnFocus();
  const { register, handleSubmit, setError, formState } = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequest),
    defaultValues: { password: '' },
  });
  const remove = useDeleteAccount();
  const onSubmit = handleSubmit((values) =>
    remove.mutate(values, {
      onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
    }),
  );
  const formError =
    remove.error && !isShownOnFields(remove.error, FIELDS)
      ? errorMessage(remove.error, DEFAULT_ERROR)
      : null;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-ink shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">Delete your account?</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 flex flex-col gap-2 text-sm">
              <p>This cannot be undone. Deleting your account erases:</p>
              <ul className="list-disc space-y-1 pl-6">
                {ERASED_WITH_ACCOUNT.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </Dialog.Description>
          <form noValidate className="mt-4 space-y-4" onSubmit={onSubmit}>
            <FormError message={formError} />
            <FormField
              form={{ register, errors: formState.errors }}
              name="password"
              label="Password"
              kind="current-password"
            />
            <div className="flex justify-end gap-2">
              <Dialog.Close className="btn btn-secondary">Cancel</Dialog.Close>
              <button type="submit" className="btn btn-danger" disabled={remove.isPending}>
                {remove.isPending ? 'Deleting account...' : 'Delete account'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
