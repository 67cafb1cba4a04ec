import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { onlineManager, useMutationState, type Mutation } from '@tanstack/react-query';
import { NoteText } from '../../components/ui/note-text';
import { offlineWriteKey } from '../offline/offline-writes';
import { describeWrite, type PendingWrite } from '../offline/pending-write-state';
import { ruminationWrites, type CreateRuminationWrite } from './rumination-writes';

/**
 * New ruminations written offline (or that failed) shown where they will land, at the top of My
 * Ruminations' Published or Drafts list, marked as not yet sent. Sending, Retry and Discard stay
 * with the "Not yet sent" list (features/offline); once sent, the list's own card replaces this.
 */
export function usePendingNewRuminations(isPublic: boolean): PendingWrite[] {
  const writes = useMutationState({
    filters: {
      mutationKey: offlineWriteKey(ruminationWrites.create),
      predicate: (m) =>
        (m.state.status === 'pending' || m.state.status === 'error') &&
        (m.state.variables as Partial<CreateRuminationWrite> | undefined)?.body?.publish ===
          isPublic,
    },
    select: (m) => describeWrite(m as Mutation),
  });
  // Online, a write being sent is still its dialog's business (it shows "Saving...").
  return onlineManager.isOnline() ? writes.filter((w) => w.state !== 'sending') : writes;
}

export function PendingRuminationCard({ write }: { write: PendingWrite }) {
  const { t } = useLingui();
  const title = write.title;
  // The "Not yet sent" list's words for each state (features/offline), in the language spoken.
  const stateText = {
    waiting: t`Waiting for the network`,
    sending: t`Sending...`,
    failed: t`Not sent`,
    conflict: t`Changed elsewhere meanwhile`,
  }[write.state];
  const photos = write.photos;
  return (
    <article
      aria-label={t`Not yet sent: ${title}`}
      className="flex flex-col gap-3 rounded-xl border border-dashed border-line bg-surface p-4 sm:p-5"
    >
      <header className="flex items-center justify-between gap-2 text-xs">
        <span className="font-semibold">{write.title}</span>
        <span
          className={
            write.state === 'failed'
              ? 'rounded-full border border-line px-2 py-0.5 font-medium text-danger'
              : 'rounded-full border border-line px-2 py-0.5 font-medium text-ink-muted'
          }
        >
          {t`Not yet sent · ${stateText}`}
        </span>
      </header>
      <NoteText content={write.content} />
      {photos > 0 ? (
        <p className="text-xs text-ink-muted">
          {t`${plural(photos, { one: 'With # photo', other: 'With # photos' })}`}
        </p>
      ) : null}
    </article>
  );
}
