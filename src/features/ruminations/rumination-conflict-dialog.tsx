import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient, type Mutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Rumination, RuminationWriteRequest } from '../../api/rumination-schemas';
import { RELATION_TYPES, relationTypeLabel, type RelationType } from '../../domain/relation-types';
import { DialogFrame } from '../../components/ui/dialog-frame';
import { sayShared, spokenLanguage } from '../../lib/i18n/language';
import { showToast } from '../../lib/toasts';
import { conflictCurrentOf } from '../offline/conflict-state';
import { closeConflict } from '../offline/open-conflict';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useSendWrite } from '../offline/queue-if-offline';
import { invalidateAfterRuminationChange } from './rumination-queries';
import { newRuminationWrite, type UpdateRuminationWrite } from './rumination-writes';
import { useCreateRumination, useUpdateRumination } from './use-rumination-mutations';

type Choice = 'mine' | 'theirs' | 'both';

/**
 * The note as the server had it when the edit was refused (the 412's `current`). Read like every
 * other answer of the server (zod is not loaded for it); what the view uses of it is checked, since
 * it may come back from storage.
 */
function theirsOf(conflicted: Mutation): Rumination | null {
  const current = conflictCurrentOf(conflicted.state.error) as Partial<Rumination> | undefined;
  return typeof current?.version === 'number' &&
    typeof current.content === 'string' &&
    Array.isArray(current.audiences)
    ? (current as Rumination)
    : null;
}

/**
 * An edit refused because the note changed elsewhere meanwhile: both versions side by side, and
 * the person chooses. Keep mine sends theirs-overwriting edit on top of the current version;
 * Keep theirs drops mine; Keep both saves mine as a new draft. Until then the edit waits in the
 * "Not yet sent" list (closing this dialog keeps it there).
 */
export function RuminationConflictDialog({
  conflicted,
  mine,
}: {
  conflicted: Mutation;
  mine: UpdateRuminationWrite;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const update = useUpdateRumination();
  const create = useCreateRumination();
  const send = useSendWrite();
  const [busy, setBusy] = useState<Choice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const theirs = theirsOf(conflicted);
  const id = conflicted.mutationId;

  /** The conflict is settled: it leaves the queue, and the view closes unless another opened. */
  const settle = () => {
    queryClient.getMutationCache().remove(conflicted);
    closeConflict(id);
  };

  const choose = async (choice: Choice) => {
    // One click, one write: a second press while one is on its way does nothing.
    if (busy !== null) return;
    setBusy(choice);
    setError(null);
    try {
      if (choice === 'theirs') {
        settle();
        await invalidateAfterRuminationChange(queryClient);
        return;
      }
      const sent =
        choice === 'mine'
          ? await send(update, {
              ...mine,
              // On top of the version now current; without one known, mine simply wins.
              baseVersion: theirs?.version,
              idempotencyKey: newIdempotencyKey(),
            })
          : await send(
              create,
              // Photos written offline go with the copy too (uploaded once: their ids are kept).
              newRuminationWrite(
                { ...mine.body, publish: false },
                undefined,
                undefined,
                mine.photos,
              ),
            );
      if (!sent) {
        const failed = (choice === 'mine' ? update.error : create.error)?.message;
        setError(
          failed === undefined ? t`Could not save yours. Please try again.` : sayShared(failed),
        );
        return;
      }
      settle();
      if (choice === 'both') {
        showToast({
          message: t`Yours is saved as a new draft`,
          link: { label: t`Show drafts`, to: '/my-ruminations', search: { view: 'drafts' } },
        });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <DialogFrame
      kind="wide-form"
      open
      onOpenChange={(open) => {
        if (!open) closeConflict(id);
      }}
      title={t`Changed elsewhere`}
      closeButton
      description={
        <p className="text-sm text-ink-muted">
          <Trans>
            This note was changed on another device or tab while you were editing it. Nothing is
            lost: choose what to keep.
          </Trans>
        </p>
      }
    >
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Version
          heading={t`Theirs, saved now`}
          state={theirs}
          missing={t`The version saved elsewhere could not be shown.`}
        />
        <Version heading={t`Yours, not saved yet`} state={stateOfBody(mine.body)} />
      </div>
      {error ? (
        <p role="alert" className="error-box mt-4">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy !== null}
          onClick={() => void choose('theirs')}
        >
          <Trans>Keep theirs</Trans>
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy !== null}
          onClick={() => void choose('both')}
        >
          {busy === 'both' ? <Trans>Saving...</Trans> : <Trans>Keep both</Trans>}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null}
          onClick={() => void choose('mine')}
        >
          {busy === 'mine' ? <Trans>Saving...</Trans> : <Trans>Keep mine</Trans>}
        </button>
      </div>
      <p className="mt-3 text-xs text-ink-muted">
        <Trans>
          Keep mine saves yours over theirs. Keep theirs drops yours. Keep both keeps theirs and
          saves yours as a new draft.
        </Trans>
      </p>
    </DialogFrame>
  );
}

interface VersionState {
  content: string;
  isPublished: boolean;
  audiences: readonly { relationType: RelationType }[];
}

function stateOfBody(body: RuminationWriteRequest): VersionState {
  return {
    content: body.content,
    isPublished: body.publish,
    // As sent: names or numbers (the write's own schema reads both).
    audiences: (body.audiences ?? []).flatMap((audience) => {
      const type = RELATION_TYPES.find((t) => t.value === audience || t.name === audience);
      return type ? [{ relationType: type.value }] : [];
    }),
  };
}

function Version({
  heading,
  state,
  missing,
}: {
  heading: string;
  state: VersionState | null;
  missing?: string;
}) {
  // The domain's English names, said in the language spoken, listed as it lists them ("A, B").
  const audiences = state
    ? new Intl.ListFormat(spokenLanguage(), { type: 'unit', style: 'short' }).format(
        state.audiences.map((a) => relationTypeLabel(a.relationType, sayShared)),
      )
    : '';
  return (
    <section
      aria-label={heading}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-line p-3"
    >
      <h3 className="text-sm font-semibold">{heading}</h3>
      {state ? (
        <>
          <p className="text-xs text-ink-muted">
            {state.isPublished ? <Trans>Published</Trans> : <Trans>Draft</Trans>}
            {audiences ? ` · ${audiences}` : ''}
          </p>
          <p className="max-h-72 overflow-y-auto whitespace-pre-wrap break-words text-sm">
            {state.content}
          </p>
        </>
      ) : (
        <p className="text-sm text-ink-muted">{missing}</p>
      )}
    </section>
  );
}

/**
 * The view the offline queue shows for a conflicted edit of a rumination (registered with the
 * write in rumination-writes.ts, loaded only when one is resolved).
 */
export default function RuminationConflictView({ conflicted }: { conflicted: Mutation }) {
  return (
    <RuminationConflictDialog
      conflicted={conflicted}
      mine={conflicted.state.variables as UpdateRuminationWrite}
    />
  );
}
