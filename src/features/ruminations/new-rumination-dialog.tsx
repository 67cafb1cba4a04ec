import { useLingui } from '@lingui/react/macro';
import { useMemo, useRef } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { showToast } from '../../lib/toasts';
import { useSendWrite } from '../offline/queue-if-offline';
import { newRuminationWrite } from './rumination-writes';
import { useCreateRumination } from './use-rumination-mutations';
import { RuminationDialog, type ComposerSave } from './rumination-dialog';
import { usePreferences } from '../preferences/preferences-queries';

interface NewRuminationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Loaded lazily by NewRuminationButton: nobody pays for the form until they open it. */
export default function NewRuminationDialog({ open, onOpenChange }: NewRuminationDialogProps) {
  const { t } = useLingui();
  const create = useCreateRumination();
  const send = useSendWrite();
  const writtenAt = useRef<{ key: string; at: Date } | null>(null);
  // A new note starts from the person's default audiences (kept on the server, so alike on every
  // device); a kept copy of what they were writing keeps its own (rumination-dialog.tsx). "Ask
  // each time" (null) and a default not known here (not loaded yet, offline with no copy, failed)
  // start alike: nobody chosen, and Publish waits for a choice. Never Public by default.
  const preferences = usePreferences({ fresh: true });
  const defaultAudiences = preferences.data?.defaultAudiences ?? null;
  const start = useMemo(
    () => ({ values: { content: '', audiences: defaultAudiences } }),
    [defaultAudiences],
  );
  // Read again at every opening: the form shows the cached choice at once and takes the answer
  // in place if the person has not begun (offline: the cached choice, or nobody chosen yet).
  const ready = preferences.fetchStatus !== 'fetching';

  const showsDrafts = useRouterState({
    select: (state) =>
      state.location.pathname === '/my-ruminations' &&
      (state.location.search as { view?: string }).view === 'drafts',
  });

  const save: ComposerSave = async ({ audiences, ...body }, { idempotencyKey, photos }) => {
    // Audiences are omitted when none is chosen (spec section 3).
    // A retry after a failure holds the same key: it must send the same body, time included, so
    // that a write the server did store is answered from it rather than refused (422).
    if (writtenAt.current?.key !== idempotencyKey) {
      writtenAt.current = { key: idempotencyKey, at: new Date() };
    }
    const write = newRuminationWrite(
      audiences?.length ? { ...body, audiences } : body,
      idempotencyKey,
      writtenAt.current.at,
      photos,
    );
    const online = onlineManager.isOnline();
    // On failure the dialog stays open with the content kept (spec section 2).
    if (!(await send(create, write))) return false;
    // A draft lands where the page may not show it: say so, with the way to it. (Offline, the
    // not-yet-sent list says what happens to it.)
    if (!body.publish && online && !showsDrafts) {
      showToast({
        message: t`Draft saved`,
        link: { label: t`View drafts`, to: '/my-ruminations', search: { view: 'drafts' } },
      });
    }
    return true;
  };

  return (
    <RuminationDialog
      title={t`New Rumination`}
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
      slot="new"
      start={start}
      ready={ready}
      isSaving={create.isPending}
      save={save}
    />
  );
}
