import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { sayShared } from '../../lib/i18n/language';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** May hold a link (the sign-up form's Terms of Service). */
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A native checkbox with its label beside it and its error tied to it (in the language spoken), as
 * TextField does.
 */
export function CheckboxField({ label, error, id, ref, ...input }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className="mt-1 h-4 w-4 accent-accent"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <label htmlFor={inputId} className="text-sm">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {sayShared(error)}
        </p>
      )}
    </div>
  );
}
