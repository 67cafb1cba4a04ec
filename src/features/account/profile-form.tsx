import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  BIO_MAX,
  characterCount,
  DISPLAY_NAME_MAX,
  updateProfileRequest,
  type UpdateProfileRequest,
} from '../../api/profile-rules';
import { CharacterCount } from '../../components/ui/character-count';
import { FieldForm, SubmitButton } from '../../components/ui/form-parts';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { applyServerFieldErrors, isShownOnFields } from '../auth/server-field-errors';
import { profileQueries } from '../people/profile-queries';
import { useAccount, useUpdateProfile } from './account-queries';

const PROFILE_FIELDS = ['displayName', 'bio'] as const;

/**
 * Settings → Profile: the name people see and a few words about oneself. The display name comes
 * with the account, the bio with the public profile; the form waits for both.
 */
export function ProfileForm() {
  const account = useAccount();
  const profile = useQuery({
    ...profileQueries.profile(account.data?.id ?? 0),
    enabled: account.data !== undefined,
  });
  if (account.isError || profile.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {/* Not the account's own message: the Account section below says that one. */}
        <Trans>Failed to fetch your profile</Trans>
      </p>
    );
  }
  if (!account.data || !profile.data) {
    return (
      <p className="text-sm text-ink-muted">
        <Trans>Loading your profile...</Trans>
      </p>
    );
  }
  return (
    <ProfileFields initial={{ displayName: account.data.displayName, bio: profile.data.bio }} />
  );
}

function ProfileFields({ initial }: { initial: UpdateProfileRequest }) {
  const { t } = useLingui();
  const nameId = useId();
  const bioId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<UpdateProfileRequest, unknown, z.output<typeof updateProfileRequest>>({
    resolver: zodResolver(updateProfileRequest),
    defaultValues: initial,
  });
  const mutation = useUpdateProfile();
  const [nameValue, bioValue] = useWatch({ control, name: ['displayName', 'bio'] });
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      // What was saved (trimmed, normalised) becomes what the form starts from.
      onSuccess: (account) => reset({ displayName: account.displayName, bio: values.bio }),
      onError: (error) => applyServerFieldErrors(error, PROFILE_FIELDS, setError),
    }),
  );
  const formError =
    mutation.error && !isShownOnFields(mutation.error, PROFILE_FIELDS)
      ? sayShared(errorMessage(mutation.error, t`Failed to save your profile`))
      : null;

  return (
    <FieldForm onSubmit={onSubmit} error={formError}>
      <Field
        id={nameId}
        label={t`Display name`}
        hint={t`The name people see on your notes, comments and profile. Any language, emoji too.`}
        length={characterCount(nameValue.trim())}
        max={DISPLAY_NAME_MAX}
        error={errors.displayName?.message}
      >
        {(describedBy, invalid) => (
          <input
            id={nameId}
            type="text"
            autoComplete="nickname"
            dir="auto"
            className="field-input"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            {...register('displayName')}
          />
        )}
      </Field>
      <Field
        id={bioId}
        label={t`Bio`}
        hint={t`A few words about you, shown on your profile.`}
        length={characterCount(bioValue.trim())}
        max={BIO_MAX}
        error={errors.bio?.message}
      >
        {(describedBy, invalid) => (
          <textarea
            id={bioId}
            rows={3}
            dir="auto"
            className="field-input resize-y"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            {...register('bio')}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={mutation.isPending} busyLabel={t`Saving...`}>
          <Trans>Save profile</Trans>
        </SubmitButton>
        <p role="status" className="text-sm">
          {mutation.isSuccess && !isDirty ? t`Saved` : ''}
        </p>
      </div>
    </FieldForm>
  );
}

/** A labelled field with its hint, its character count near the limit and its error. */
function Field({
  id,
  label,
  hint,
  length,
  max,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  length: number;
  max: number;
  error: string | undefined;
  children: (describedBy: string, invalid: true | undefined) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hintId, countId].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <p id={hintId} className="text-xs text-ink-muted">
        {hint}
      </p>
      {children(describedBy, error ? true : undefined)}
      <CharacterCount id={countId} length={length} max={max} />
      {error ? (
        <p id={errorId} className="field-error">
          {sayShared(error)}
        </p>
      ) : null}
    </div>
  );
}
