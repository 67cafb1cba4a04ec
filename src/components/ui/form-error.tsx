import { sayShared } from '../../lib/i18n/language';

/**
 * The general error box of a form (spec section 8): announced when it appears. A server problem's
 * message or a default written in English shows in the language spoken (sayShared).
 */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="error-box">
      {sayShared(message)}
    </div>
  );
}
