import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { deleteAccountRequest, type DeleteAccountRequest } from '../../api/account-schemas';
import { DialogCancel, DialogFrame } from '../../components/ui/dialog-frame';
import { FormError } from '../../components/ui/form-error';
import { FormField } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { applyServerFieldErrors, isShownOnFields } from '../auth/server-field-errors';
import { erasedWithAccount } from './account-erasure';
import { useDeleteAccount } from './account-queries';

const FIELDS = ['password'] as const;

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
  const { t } = useLingui();
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
      ? sayShared(errorMessage(remove.error, t`Failed to delete account`))
      : null;

  return (
    <DialogFrame
      kind="form"
      open={open}
      onOpenChange={onOpenChange}
      title={t`Delete your account?`}
      description={
        <div className="mt-2 flex flex-col gap-2 text-sm">
          <p>
            <Trans>This cannot be undone. Deleting your account erases:</Trans>
          </p>
          <ul className="list-disc space-y-1 ps-6">
            {erasedWithAccount().map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      }
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={onSubmit}>
        <FormError message={formError} />
        <FormField
          form={{ register, errors: formState.errors }}
          name="password"
          label={t`Password`}
          kind="current-password"
        />
        <div className="flex justify-end gap-2">
          <DialogCancel />
          <button type="submit" className="btn btn-danger" disabled={remove.isPending}>
            {remove.isPending ? t`Deleting account...` : t`Delete account`}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
