/** The general error box of a form (spec section 8): announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="error-box">
      {message}
    </div>
  );
}
