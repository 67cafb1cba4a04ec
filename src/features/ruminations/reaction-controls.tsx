import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Rumination } from '../../api/rumination-schemas';
import { REACTION_EMOJI, reactionCountLabel, type ReactionKind } from '../../domain/reaction-kinds';
import { sayShared } from '../../lib/i18n/language';
import { applyReactionLocally } from './reaction-cache';
import { REACTION_CHIP } from './reaction-chip';
import { formatNumber } from '../../lib/format-number';

// Loaded when used: the six kinds to choose from, and who reacted.
const ReactionPicker = lazy(() => import('./reaction-picker'));
const ReactorsDialog = lazy(() => import('./reactors-dialog'));

/**
 * A signed-in reader's reactions under a published rumination (api-contract.md "Habits of a shared
 * journal"): each kind with its count as a button that adds or takes back one's own
 * (`aria-pressed`), "Add a reaction" (the picker) and "Who reacted". A tap shows at once; the
 * write, the picker and the list load only when used. Lazy itself (reaction-bar.tsx): visitors,
 * who only see the counts, never download it.
 */
export default function ReactionControls({ rumination }: { rumination: Rumination }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const [pickerMounted, setPickerMounted] = useState(false);
  const [showingWho, setShowingWho] = useState(false);
  const [whoMounted, setWhoMounted] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const { id, reactions } = rumination;

  const toggle = (kind: ReactionKind, on: boolean) => {
    applyReactionLocally(queryClient, id, kind, on);
    void import('./reaction-writes').then(
      ({ sendReactionWrite }) => sendReactionWrite(queryClient, id, kind, on),
      // The write's code could not load (offline before it was ever cached): nothing was sent.
      () => applyReactionLocally(queryClient, id, kind, !on),
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t`Reactions`}>
      {reactions.map((r) => (
        <button
          key={r.kind}
          type="button"
          aria-pressed={r.mine}
          aria-label={reactionCountLabel(r, sayShared)}
          className={`${REACTION_CHIP} ${r.mine ? 'border-accent font-semibold' : ''}`}
          onClick={() => toggle(r.kind, !r.mine)}
        >
          <span aria-hidden="true">{REACTION_EMOJI[r.kind]}</span>
          <span aria-hidden="true">{formatNumber(r.count)}</span>
        </button>
      ))}
      <span className="relative">
        <button
          ref={addButton}
          type="button"
          aria-expanded={picking}
          className={`${REACTION_CHIP} text-ink-muted`}
          onClick={() => {
            setPickerMounted(true);
            setPicking((open) => !open);
          }}
        >
          <span aria-hidden="true">☺+</span>
          <span className="sr-only">
            <Trans>Add a reaction</Trans>
          </span>
        </button>
        {pickerMounted && picking ? (
          <Suspense fallback={null}>
            <ReactionPicker
              reactions={reactions}
              onChoose={(kind, on) => {
                setPicking(false);
                addButton.current?.focus();
                toggle(kind, on);
              }}
              onClose={() => {
                setPicking(false);
                addButton.current?.focus();
              }}
            />
          </Suspense>
        ) : null}
      </span>
      {reactions.length > 0 ? (
        <button
          type="button"
          className="min-h-8 text-sm text-ink-muted underline-offset-2 hover:underline"
          onClick={() => {
            setWhoMounted(true);
            setShowingWho(true);
          }}
        >
          <Trans>Who reacted</Trans>
        </button>
      ) : null}
      {whoMounted ? (
        <Suspense fallback={null}>
          <ReactorsDialog ruminationId={id} open={showingWho} onOpenChange={setShowingWho} />
        </Suspense>
      ) : null}
    </div>
  );
}
