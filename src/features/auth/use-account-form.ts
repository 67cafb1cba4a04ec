import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { applyServerFieldErrors, isShownOnFields } from './server-field-errors';

type Schema<TValues> = z.ZodType<TValues, TValues>;

interface AccountFormOptions<TValues extends FieldValues, TResult> {
  /**
   * Loads the form's rules with the spec's messages (auth-form-schemas.ts), at the first submit:
   * building zod's schemas was most of the work of opening a form (a long task on a slow phone,
   * before the form could show), and nobody needs them before the form is sent.
   */
  schema: () => Promise<Schema<TValues>>;
  defaultValues: DefaultValues<TValues>;
  /** The call the form makes with its valid values. */
  send: (values: TValues) => Promise<TResult>;
  /** The spec's message when the call fails without one of its own (section 8), translated. */
  defaultError: string;
  /** Fields whose server-side messages (400 `errors`) are shown under the field, not in the box. */
  serverFields?: readonly Path<TValues>[];
  onSuccess?: (result: TResult, values: TValues) => void;
}

/**
 * What every account form does (sign in, sign up, forgot and reset password): check the fields
 * with the schema, send, show the server's field messages under their fields and anything else in
 * the form's error box.
 */
export function useAccountForm<TValues extends FieldValues, TResult>({
  schema,
  defaultValues,
  send,
  defaultError,
  serverFields = [],
  onSuccess,
}: AccountFormOptions<TValues, TResult>) {
  const resolver: Resolver<TValues> = async (values, context, options) =>
    zodResolver(await schema())(values, context, options);
  const { register, handleSubmit, setError, formState } = useForm<TValues>({
    resolver,
    defaultValues,
  });
  const mutation = useMutation({
    mutationFn: send,
    ...(onSuccess ? { onSuccess } : {}),
    onError: (error) => applyServerFieldErrors(error, serverFields, setError),
  });
  // A server's title in English (the mock backend, an older server) is said in the language spoken.
  const formError =
    mutation.error && !isShownOnFields(mutation.error, serverFields)
      ? sayShared(errorMessage(mutation.error, defaultError))
      : null;
  return {
    register,
    errors: formState.errors,
    onSubmit: handleSubmit((values) => mutation.mutate(values)),
    mutation,
    formError,
  };
}
