import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { sayShared } from '../../lib/i18n/language';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input whose error is tied to it (aria-invalid, aria-describedby). The error shows in
 * the language spoken: a form schema's message (English, src/api) is looked up in the catalogues;
 * one already translated passes as it is.
 */
export function TextField({ label, error, id, ref, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error">
          {sayShared(error)}
        </p>
      )}
    </div>
  );
}
