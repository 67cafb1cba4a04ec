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
  const accept = useAcceptRelation();
  const reject = useRejectRelation();
  const person = otherOf(relation, viewerId);
  const label = relationLabelFor(relation, viewerId);
  const busy = accept.isPending || reject.isPending;
  return (
    <li className={rowClass}>
      <div className="flex flex-col gap-1">
        <PersonLink person={person} />
        <span className="text-xs text-ink-muted">{label} request, waiting for your answer</span>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          aria-label={`Accept ${label} request from ${person.username}`}
          onClick={() => accept.mutate(relation.id, { onError: logError })}
        >
          {accept.isPending ? 'Accepting...' : 'Accept'}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          aria-label={`Reject ${label} request from ${person.username}`}
          onClick={() => reject.mutate(relation.id, { onError: logError })}
        >
          {reject.isPending ? 'Rejecting...' : 'Reject'}
        </button>
      </div>
    </li>
  );
}

function OutgoingRow({ relation, viewerId }: { relation: UserRelation; viewerId: number }) {
  const remove = useDeleteRelation();
  const person = otherOf(relation, viewerId);
  const label = relationLabelFor(relation, viewerId);
  return (
    <li className={rowClass}>
      <div className="flex flex-col gap-1">
        <PersonLink person={person} />
        <span className="text-xs text-ink-muted">{label} request, waiting for their answer</span>
      </div>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={remove.isPending}
        aria-label={`Cancel ${label} request to ${person.username}`}
        onClick={() => remove.mutate(relation.id, { onError: logError })}
      >
        {remove.isPending ? 'Cancelling...' : 'Cancel'}
      </button>
    </li>
  );
}

function AcceptedRow({ relation, viewerId }: { relation: UserRelation; viewerId: number }) {
  const remove = useDeleteRelation();
  const [confirming, setConfirming] = useState(false);
  const [mounted, setMounted] = useState(false);
  const person = otherOf(relation, viewerId);
  const label = relationLabelFor(relation, viewerId);
  return (
    <li className={rowClass}>
      <PersonLink person={person} />
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={`Delete ${label} relation with ${person.username}`}
        onClick={() => {
          setMounted(true);
          setConfirming(true);
        }}
      >
        Delete
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`End your ${label} relation with ${displayNameOf(person)}?`}
            description="What you share only with your people of this kind will no longer reach them, nor theirs you."
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            isPending={remove.isPending}
            error={remove.isError ? 'Failed to delete the relation. Please try again.' : null}
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
  const live = relations.filter(isLiveRelation);
  const pending = live.filter((r) => !r.isAccepted);
  const incoming = pending.filter((r) => r.receiver.id === viewerId);
  const outgoing = pending.filter((r) => r.initiator.id === viewerId);
  const accepted = live.filter((r) => r.isAccepted);
  const byLabel = new Map<string, UserRelation[]>();
  for (const relation of accepted) {
    const label = relationLabelFor(relation, viewerId);
    byLabel.set(label, [...(byLabel.get(label) ?? []), relation]);
  }

  return (
    <>
      <Group
        title={`Requests for you (${incoming.length})`}
        empty={
          incoming.length === 0
            ? 'No one is waiting for your answer. When someone asks to be related to you, it shows here.'
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
        title={`Waiting for them (${outgoing.length})`}
        empty={outgoing.length === 0 ? 'You are not waiting for anyone’s answer.' : null}
      >
        <ul className="flex flex-col gap-2">
          {outgoing.map((r) => (
            <OutgoingRow key={r.id} relation={r} viewerId={viewerId} />
          ))}
        </ul>
      </Group>
      <Group
        title="Your people"
        empty={
          accepted.length === 0
            ? 'No one yet. Find someone above and ask to be related; who accepts shows here.'
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
