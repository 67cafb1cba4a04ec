import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format-number';

/** Shown from this share of the limit on: a writer far from it needs no count. */
const SHOW_FROM = 0.9;

/**
 * How much room is left, once a text comes near its limit (and how much too long it is, past it).
 * Announced politely, so a screen-reader user hears it without losing their place. Counted in the
 * language spoken: its digits, and the word for characters agreeing with the limit.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const { t } = useLingui();
  const near = length >= max * SHOW_FROM;
  const over = length > max;
  const typed = formatNumber(length);
  return (
    <p id={id} aria-live="polite" className={`text-xs ${over ? 'text-danger' : 'text-ink-muted'}`}>
      {near
        ? t`${plural(max, { one: `${typed} / # character`, other: `${typed} / # characters` })}`
        : null}
    </p>
  );
}
