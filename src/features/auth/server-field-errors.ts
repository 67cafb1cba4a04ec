import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api-error';

/** The server's per-field messages (400 problem details `errors`) that belong to `fields`. */
function fieldMessages<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
): [Path<T>, string][] {
  if (!isApiError(error) || !error.problem?.errors) return [];
  const found: [Path<T>, string][] = [];
  for (const [key, messages] of Object.entries(error.problem.errors)) {
    const field = fields.find((f) => f.toLowerCase() === key.toLowerCase());
    const message = messages[0];
    if (field && message) found.push([field, message]);
  }
  return found;
}

/** Puts the server's validation messages on the form's fields. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  for (const [field, message] of fieldMessages(error, fields)) {
    setError(field, { type: 'server', message });
  }
}

/** Whether the error is already shown on the fields, so the general box need not repeat it. */
export function isShownOnFields<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  return fieldMessages(error, fields).length > 0;
}
