import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from './form-error';

/**
 * The frame of a form of labelled fields: the browser's own validation is off (the form's schema
 * says what is wrong, in the spec's words, under each field) and the general error comes first.
 */
export function FieldForm({
  onSubmit,
  error,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The general error box (spec section 8); nothing when null. */
  error?: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <FormError message={error} />
      {children}
    </form>
  );
}

/** The submit button, disabled and relabelled while the request is in flight. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}

/** A form's last row: the submit button, and a link to go elsewhere on the right. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-between gap-4">{children}</div>;
}
