import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DialogFrame } from '../../components/ui/dialog-frame';
import { REACTION_EMOJI, REACTION_KINDS, reactionName } from '../../domain/reaction-kinds';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { ruminationKeys } from '../../lib/query-keys';
import { fetchReactors } from './reaction-api';

interface ReactorsDialogProps {
  ruminationId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Who reacted to a rumination, by display name under each kind (lazy: loaded when opened). */
export default function ReactorsDialog({ ruminationId, open, onOpenChange }: ReactorsDialogProps) {
  const { t } = useLingui();
  const reactors = useQuery({
    queryKey: ruminationKeys.reactors(ruminationId),
    queryFn: () => fetchReactors(ruminationId),
    enabled: open,
  });
  const list = reactors.data ?? [];
  return (
    <DialogFrame
      kind="alert"
      open={open}
      onOpenChange={onOpenChange}
      title={t`Who reacted`}
      closeButton
    >
      {reactors.isPending ? (
        <p className="mt-4 text-ink-muted">
          <Trans>Loading…</Trans>
        </p>
      ) : reactors.isError ? (
        <p role="alert" className="mt-4">
          {errorMessage(reactors.error, t`Failed to fetch reactions`)}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-ink-muted">
          <Trans>No reactions yet.</Trans>
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {REACTION_KINDS.map((kind) => {
            const people = list.filter((r) => r.kind === kind);
            if (people.length === 0) return null;
            return (
              <section
                key={kind}
                aria-label={`${REACTION_EMOJI[kind]} ${reactionName(kind, sayShared)}`}
              >
                <h3 className="text-lg">
                  <span aria-hidden="true">{REACTION_EMOJI[kind]}</span>
                  <span className="sr-only">{reactionName(kind, sayShared)}</span>
                </h3>
                <ul className="mt-1 flex flex-col gap-1">
                  {people.map((r) => (
                    <li key={r.user.id}>{r.user.displayName}</li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </DialogFrame>
  );
}
