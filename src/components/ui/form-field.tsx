import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { sayShared } from '../../lib/i18n/language';
import { TextField } from './text-field';

/** Each kind of input the forms take, with what the browser and password managers need to know. */
const KINDS = {
  text: {},
  username: { autoComplete: 'username' },
  email: { type: 'email', autoComplete: 'email' },
  'current-password': { type: 'password', autoComplete: 'current-password' },
  'new-password': { type: 'password', autoComplete: 'new-password' },
} as const;

interface FormFieldProps<TValues extends FieldValues> {
  /** The form's `register` and its field errors (react-hook-form). */
  form: { register: UseFormRegister<TValues>; errors: FieldErrors<TValues> };
  name: Path<TValues>;
  label: string;
  kind: keyof typeof KINDS;
}

/**
 * One field of a react-hook-form form: a TextField of its kind, registered, with its error. The
 * schemas of src/api write their messages in English; sayShared shows them in the language spoken.
 */
export function FormField<TValues extends FieldValues>({
  form,
  name,
  label,
  kind,
}: FormFieldProps<TValues>) {
  const error = get(form.errors, name) as { message?: string } | undefined;
  const message = error?.message ? sayShared(error.message) : undefined;
  return <TextField label={label} {...KINDS[kind]} error={message} {...form.register(name)} />;
}
