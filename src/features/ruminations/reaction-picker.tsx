import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import {
  REACTION_EMOJI,
  REACTION_KINDS,
  type ReactionCount,
  reactionName,
  type ReactionKind,
} from '../../domain/reaction-kinds';
import { sayShared } from '../../lib/i18n/language';

interface ReactionPickerProps {
  reactions: readonly ReactionCount[];
  /** A kind chosen: `on` adds it, false takes one's own back. */
  onChoose: (kind: ReactionKind, on: boolean) => void;
  onClose: () => void;
}

/**
 * The six kinds to react with, below "Add a reaction" (lazy: loaded at its first opening). The
 * first kind takes the focus; arrows move between them, Escape closes; one's own are pressed.
 */
export default function ReactionPicker({ reactions, onChoose, onClose }: ReactionPickerProps) {
  const { t } = useLingui();
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    group.current?.querySelector('button')?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = [...(group.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    // The kinds' order follows reading direction: right to left (Arabic), ArrowLeft is the next.
    const ahead = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const step = event.key === ahead ? 1 : -1;
    buttons[(at + step + buttons.length) % buttons.length]?.focus();
    event.preventDefault();
  };

  return (
    <div
      ref={group}
      role="group"
      aria-label={t`Choose a reaction`}
      onKeyDown={onKeyDown}
      className="absolute bottom-full start-0 z-20 mb-1 flex gap-1 rounded-full border border-line bg-surface p-1 shadow-lg"
    >
      {REACTION_KINDS.map((kind) => {
        const mine = reactions.some((r) => r.kind === kind && r.mine);
        return (
          <button
            key={kind}
            type="button"
            aria-pressed={mine}
            aria-label={`${REACTION_EMOJI[kind]} ${reactionName(kind, sayShared)}`}
            className={`inline-flex size-9 items-center justify-center rounded-full text-lg hover:bg-page ${mine ? 'ring-2 ring-accent' : ''}`}
            onClick={() => onChoose(kind, !mine)}
          >
            <span aria-hidden="true">{REACTION_EMOJI[kind]}</span>
          </button>
        );
      })}
    </div>
  );
}
