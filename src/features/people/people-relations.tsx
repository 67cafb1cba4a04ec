import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { UserRelation } from '../../api/relation-schemas';
import { relationLabelFor } from '../../domain/relation-types';
import { isLiveRelation } from '../relations/available-relation-types';
import {
  useAcceptRelation,
  useDeleteRelation,
  useRejectRelation,
} from '../relations/relation-queries';
import { displayNameOf } from '../../components/ui/person-name';
import { sayShared, spokenLanguage } from '../../lib/i18n/language';
import { PersonLink } from './person-link';

const ConfirmDialog = lazy(() => import('../../components/ui/confirm-dialog'));

/** Log only: relation errors show no message (spec section 8). */
const logError = (error: unknown) => console.error(error);

function otherOf(relation: UserRelation, viewerId: number) {
  return relation.initiator.id === viewerId ? relation.receiver : relation.initiator;
}

const rowClass =
  'flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface px-3 py-2';

function IncomingRow({ relation, viewerId }: { relation: UserRelation; viewerId: number }) {
  const { t } = useLingui();
  const accept = useAcceptRelation();
  const reject = useRejectRelation();
  const person = otherOf(relation, viewerId);
  const label = relationLabelFor(relation, viewerId, sayShared);
  const username = person.username;
  const busy = accept.isPending || reject.isPending;
  return (
    <li className={rowClass}>
      <div className="flex flex-col gap-1">
        <PersonLink person={person} />
        <span className="text-xs text-ink-muted">
          <Trans>{label} request, waiting for your answer</Trans>
        </span>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          aria-label={t`Accept ${label} request from ${username}`}
          onClick={() => accept.mutate(relation.id, { onError: logError })}
        >
          {accept.isPending ? t`Accepting...` : t`Accept`}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          aria-label={t`Reject ${label} request from ${username}`}
          onClick={() => reject.mutate(relation.id, { onError: logError })}
        >
          {reject.isPending ? t`Rejecting...` : t`Reject`}
        </button>
      </div>
    </li>
  );
}

function OutgoingRow({ relation, viewerId }: { relation: UserRelation; viewerId: number }) {
  const { t } = useLingui();
  const remove = useDeleteRelation();
  const person = otherOf(relation, viewerId);
  const label = relationLabelFor(relation, viewerId, sayShared);
  const username = person.username;
  return (
    <li className={rowClass}>
      <div className="flex flex-col gap-1">
        <PersonLink person={person} />
        <span className="text-xs text-ink-muted">
          <Trans>{label} request, waiting for their answer</Trans>
        </span>
      </div>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={remove.isPending}
        aria-label={t`Cancel ${label} request to ${username}`}
        onClick={() => remove.mutate(relation.id, { onError: logError })}
      >
        {remove.isPending ? t`Cancelling...` : t`Cancel`}
      </button>
    </li>
  );
}

function AcceptedRow({ relation, viewerId }: { relation: UserRelation; viewerId: number }) {
  const { t } = useLingui();
  const remove = useDeleteRelation();
  const [confirming, setConfirming] = useState(false);
  const [mounted, setMounted] = useState(false);
  const person = otherOf(relation, viewerId);
  const label = relationLabelFor(relation, viewerId, sayShared);
  const username = person.username;
  const name = displayNameOf(person);
  return (
    <li className={rowClass}>
      <PersonLink person={person} />
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={t`Delete ${label} relation with ${username}`}
        onClick={() => {
          setMounted(true);
          setConfirming(true);
        }}
      >
        <Trans>Delete</Trans>
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t`End your ${label} relation with ${name}?`}
            description={t`What you share only with your people of this kind will no longer reach them, nor theirs you.`}
            confirmLabel={t`Delete`}
            pendingLabel={t`Deleting...`}
            isPending={remove.isPending}
            error={remove.isError ? t`Failed to delete the relation. Please try again.` : null}
            onConfirm={() =>
              remove.mutate(relation.id, {
                onSuccess: () => setConfirming(false),
                onError: logError,
              })
            }
          />
        </Suspense>
      ) : null}
    </li>
  );
}

function Group({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {empty !== null ? <p className="text-sm text-ink-muted">{empty}</p> : children}
    </section>
  );
}

/** The viewer's relations, as People groups them: asked of them, asked by them, and their people. */
export function PeopleRelations({
  relations,
  viewerId,
}: {
  relations: readonly UserRelation[];
  viewerId: number;
}) {
  const { t } = useLingui();
  const live = relations.filter(isLiveRelation);
  const pending = live.filter((r) => !r.isAccepted);
  const incoming = pending.filter((r) => r.receiver.id === viewerId);
  const outgoing = pending.filter((r) => r.initiator.id === viewerId);
  const accepted = live.filter((r) => r.isAccepted);
  const byLabel = new Map<string, UserRelation[]>();
  for (const relation of accepted) {
    const label = relationLabelFor(relation, viewerId, sayShared);
    byLabel.set(label, [...(byLabel.get(label) ?? []), relation]);
  }
  const language = spokenLanguage();
  const incomingCount = incoming.length.toLocaleString(language);
  const outgoingCount = outgoing.length.toLocaleString(language);

  return (
    <>
      <Group
        title={t`Requests for you (${incomingCount})`}
        empty={
          incoming.length === 0
            ? t`No one is waiting for your answer. When someone asks to be related to you, it shows here.`
            : null
        }
      >
        <ul className="flex flex-col gap-2">
          {incoming.map((r) => (
            <IncomingRow key={r.id} relation={r} viewerId={viewerId} />
          ))}
        </ul>
      </Group>
      <Group
        title={t`Waiting for them (${outgoingCount})`}
        empty={outgoing.length === 0 ? t`You are not waiting for anyone’s answer.` : null}
      >
        <ul className="flex flex-col gap-2">
          {outgoing.map((r) => (
            <OutgoingRow key={r.id} relation={r} viewerId={viewerId} />
          ))}
        </ul>
      </Group>
      <Group
        title={t`Your people`}
        empty={
          accepted.length === 0
            ? t`No one yet. Find someone above and ask to be related; who accepts shows here.`
            : null
        }
      >
        {[...byLabel.entries()].map(([label, group]) => (
          <div key={label} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-ink-muted">{label}</h3>
            <ul className="flex flex-col gap-2">
              {group.map((r) => (
                <AcceptedRow key={r.id} relation={r} viewerId={viewerId} />
              ))}
            </ul>
          </div>
        ))}
      </Group>
    </>
  );
}
