import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { Rumination } from '../../api/rumination-schemas';
import { REACTION_EMOJI, reactionCountLabel } from '../../domain/reaction-kinds';
import { sayShared } from '../../lib/i18n/language';
import { REACTION_CHIP } from './reaction-chip';
import { formatNumber } from '../../lib/format-number';

// A signed-in reader's buttons, picker trigger and "Who reacted": visitors never download them.
const ReactionControls = lazy(() => import('./reaction-controls'));

interface ReactionBarProps {
  rumination: Rumination;
  /** The signed-in viewer; visitors (null) see the counts but cannot react. */
  viewerId: number | null;
}

/**
 * The reactions under a published rumination (api-contract.md "Habits of a shared journal"). A
 * visitor sees each kind's count, read out in words; a signed-in reader gets the controls
 * (reaction-controls.tsx), with the counts shown meanwhile.
 */
export function ReactionBar({ rumination, viewerId }: ReactionBarProps) {
  const { t } = useLingui();
  const counts = (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t`Reactions`}>
      {rumination.reactions.map((r) => (
        <span key={r.kind} className={REACTION_CHIP}>
          <span aria-hidden="true">
            {REACTION_EMOJI[r.kind]} {formatNumber(r.count)}
          </span>
          <span className="sr-only">{reactionCountLabel(r, sayShared)}</span>
        </span>
      ))}
    </div>
  );
  if (viewerId === null) return rumination.reactions.length === 0 ? null : counts;
  return (
    <Suspense fallback={counts}>
      <ReactionControls rumination={rumination} />
    </Suspense>
  );
}
