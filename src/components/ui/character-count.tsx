/** Shown from this share of the limit on: a writer far from it needs no count. */
const SHOW_FROM = 0.9;

/**
 * How much room is left, once a text comes near its limit (and how much too long it is, past it).
 * Announced politely, so a screen-reader user hears it without losing their place.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const near = length >= max * SHOW_FROM;
  const over = length > max;
  return (
    <p id={id} aria-live="polite" className={`text-xs ${over ? 'text-danger' : 'text-ink-muted'}`}>
      {near ? `${length.toLocaleString('en')} / ${max.toLocaleString('en')} characters` : null}
    </p>
  );
}
