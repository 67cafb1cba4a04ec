import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api-error';

/**
 * Puts the server's per-field validation messages (400 problem details `errors`) on the form's
 * fields. Returns true when at least one field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.problem?.errors) return false;
  let applied = false;
  for (const [key, messages] of Object.entries(error.problem.errors)) {
    const field = fields.find((f) => f.toLowerCase() === key.toLowerCase());
    const message = messages[0];
    if (field && message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
