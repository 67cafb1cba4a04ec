import { useId, type ReactNode } from 'react';
import * as Checkbox from '@radix-ui/react-checkbox';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Say } from '../../api/say';
import { audienceWords } from '../../domain/audience-words';
import {
  RELATION_TYPES,
  relationTypeLabel,
  relationTypeOfAudience,
  type AudienceName,
} from '../../domain/relation-types';
import { sayShared } from '../../lib/i18n/language';
import { AudienceIcon } from './audience-icon';

/**
 * The audiences a note will be published to, in words (the picker's button, the composer's line),
 * in the language spoken. The audiences themselves (what is sent) stay the domain's English names.
 */
export function publishedWords(audiences: readonly AudienceName[], say: Say = sayShared) {
  return audienceWords(
    { isPublished: true, audiences: audiences.map(relationTypeOfAudience) },
    say,
  );
}

interface AudiencePickerProps {
  /** What the control is called on screen ("Who can read it"). */
  label: string;
  /** null: not chosen yet, so nothing is ticked, Public neither (never a fallback to Public). */
  value: readonly AudienceName[] | null;
  onChange: (audiences: AudienceName[] | null) => void;
  /**
   * Offers "Ask each time" as a choice of its own, which null then means (Settings); without it,
   * null is only ever a start that the person leaves by choosing (the composer).
   */
  askEachTime?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back to when another part of the form opens the picker. */
  buttonRef?: React.Ref<HTMLButtonElement>;
}

/**
 * Who can read a note, as one control: a button that shows the current choice ("Public", "Friends
 * and Family") and opens the list beneath it: "Public", which clears every audience, and one
 * checkbox per relation (the spec's audience checkboxes, with their labels as names). A disclosure
 * rather than a popover: it stays inside the dialog's flow, so the keyboard and the dialog's focus
 * trap need nothing more. The composer and Settings → "Who reads new notes" both use it. Nothing
 * may be chosen yet (null): then nothing is ticked, and the button says so.
 */
export function AudiencePicker({
  label,
  value,
  onChange,
  open,
  onOpenChange,
  buttonRef,
  askEachTime = false,
}: AudiencePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const words = value === null ? null : publishedWords(value);
  const askEachTimeLabel = t`Ask each time`;
  const short = words?.short ?? (askEachTime ? askEachTimeLabel : t`Not chosen yet`);
  const isPublic = value?.length === 0;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium" aria-hidden="true">
          {label}
        </span>
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-label={t`${label}: ${short}`}
          onClick={() => onOpenChange(!open)}
          className="btn btn-secondary py-1.5"
        >
          {words ? <AudienceIcon kind={words.kind} /> : null}
          <span>{short}</span>
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path
              d={open ? 'M5 12.5l5-5 5 5' : 'M5 7.5l5 5 5-5'}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
          </svg>
        </button>
      </div>
      {open ? (
        <fieldset
          id={`${id}-list`}
          className="flex flex-col gap-2 rounded-md border border-line p-3"
        >
          <legend className="sr-only">{label}</legend>
          {askEachTime ? (
            <Choice
              id={`${id}-ask`}
              checked={value === null}
              // Left, like Public, only by choosing something else.
              onCheckedChange={(next) => {
                if (next) onChange(null);
              }}
              label={askEachTimeLabel}
              hint={t`Nothing is ticked until you choose who reads each note`}
            />
          ) : null}
          <Choice
            id={`${id}-public`}
            checked={isPublic}
            // Public is the absence of audiences: ticking it clears them; it cannot be unticked,
            // only left by ticking someone.
            onCheckedChange={(next) => {
              if (next) onChange([]);
            }}
            label={
              <span className="inline-flex items-center gap-1">
                <AudienceIcon kind="public" />
                <Trans>Public</Trans>
              </span>
            }
            hint={t`Anyone, even without an account`}
          />
          <div className="flex flex-wrap gap-x-4 gap-y-2 border-t border-line pt-2">
            {RELATION_TYPES.map((type) => (
              <Choice
                key={type.name}
                id={`${id}-audience-${type.name}`}
                checked={value?.includes(type.name) ?? false}
                onCheckedChange={(next) => {
                  // Kept in the enumeration's order, whatever order they were ticked in.
                  const ticked = RELATION_TYPES.map((t) => t.name).filter((name) =>
                    name === type.name ? next : (value?.includes(name) ?? false),
                  );
                  // Unticking the last one chooses nobody, not Public: Public is only ever
                  // ticked as itself.
                  onChange(ticked.length > 0 ? ticked : null);
                }}
                label={relationTypeLabel(type.value, sayShared)}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

function Choice({
  id,
  checked,
  onCheckedChange,
  label,
  hint,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  hint?: string;
}) {
  return (
    <div className="flex items-start gap-2">
      <Checkbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(next) => onCheckedChange(next === true)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border border-ink-muted bg-surface data-[state=checked]:border-accent data-[state=checked]:bg-accent"
      >
        <Checkbox.Indicator className="text-accent-ink">
          <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </Checkbox.Indicator>
      </Checkbox.Root>
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
        {hint ? (
          <span id={`${id}-hint`} className="text-xs text-ink-muted">
            {hint}
          </span>
        ) : null}
      </div>
    </div>
  );
}
