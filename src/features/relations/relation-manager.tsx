import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { displayNameOf, type NamedPerson } from '../../components/ui/person-name';
import type { UserRelation } from '../../api/relation-schemas';
import { sayShared } from '../../lib/i18n/language';
import {
  relationLabelFor,
  relationTypeLabel,
  type RelationType,
} from '../../domain/relation-types';
import { availableRelationTypes, isLiveRelation } from './available-relation-types';
import {
  useAcceptRelation,
  useDeleteRelation,
  useRejectRelation,
  useRelations,
  useRequestRelation,
} from './relation-queries';

interface RelationManagerProps {
  viewerId: number;
  user: { id: number } & NamedPerson;
}

const buttonClass = 'btn btn-secondary';

/** Log only: relation errors show no message (spec section 8). */
const logError = (error: unknown) => console.error(error);

/**
 * The viewer's relations with another user (spec section 2): request a type not yet in use,
 * accept or reject incoming pending ones, cancel outgoing pending ones, delete accepted ones.
 */
export function RelationManager({ viewerId, user }: RelationManagerProps) {
  const relations = useRelations({ UserId: user.id });

  useEffect(() => {
    if (relations.error) logError(relations.error);
  }, [relations.error]);

  return (
    <section
      aria-labelledby="relations-heading"
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4"
    >
      <h2 id="relations-heading" className="text-lg font-semibold">
        <Trans>Relations</Trans>
      </h2>
      {relations.isPending ? (
        <p className="text-sm text-ink-muted">
          <Trans>Loading relations...</Trans>
        </p>
      ) : relations.isError ? (
        <p className="text-sm text-ink-muted">
          <Trans>
            Relations could not be loaded.{' '}
            <button type="button" className="text-link" onClick={() => void relations.refetch()}>
              Try again
            </button>
          </Trans>
        </p>
      ) : (
        <RelationManagerBody viewerId={viewerId} user={user} relations={relations.data} />
      )}
    </section>
  );
}

function RelationManagerBody({
  viewerId,
  user,
  relations,
}: RelationManagerProps & { relations: UserRelation[] }) {
  const live = relations.filter(isLiveRelation);
  const available = availableRelationTypes(relations);
  const name = displayNameOf(user);

  return (
    <>
      {live.length === 0 ? (
        <p className="text-sm text-ink-muted">
          <Trans>
            You have no relations with <bdi>{name}</bdi> yet.
          </Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {live.map((relation) => (
            <RelationRow key={relation.id} relation={relation} viewerId={viewerId} />
          ))}
        </ul>
      )}
      {available.length > 0 ? <RequestRelationForm userId={user.id} types={available} /> : null}
    </>
  );
}

export function RelationRow({ relation, viewerId }: { relation: UserRelation; viewerId: number }) {
  const { t } = useLingui();
  const accept = useAcceptRelation();
  const reject = useRejectRelation();
  const remove = useDeleteRelation();
  const label = relationLabelFor(relation, viewerId, sayShared);
  const isReceiver = relation.receiver.id === viewerId;
  const busy = accept.isPending || reject.isPending || remove.isPending;
  // Pending labels ("Accepting...") replace the verb while the call is in flight; each name is a
  // sentence of its own (word order differs between languages).
  const acceptText = accept.isPending ? t`Accepting...` : t`Accept`;
  const acceptName = accept.isPending
    ? t`Accepting... ${label} relation`
    : t`Accept ${label} relation`;
  const rejectText = reject.isPending ? t`Rejecting...` : t`Reject`;
  const rejectName = reject.isPending
    ? t`Rejecting... ${label} relation`
    : t`Reject ${label} relation`;
  const deleteText = remove.isPending ? t`Deleting...` : t`Delete`;
  const deleteName = remove.isPending
    ? t`Deleting... ${label} relation`
    : t`Delete ${label} relation`;
  const cancelText = remove.isPending ? t`Cancelling...` : t`Cancel`;
  const cancelName = remove.isPending
    ? t`Cancelling... ${label} request`
    : t`Cancel ${label} request`;

  let status: string;
  if (relation.isAccepted) status = t`Accepted`;
  else if (isReceiver) status = t`Pending: awaiting your answer`;
  else status = t`Pending: awaiting their answer`;

  return (
    <li
      aria-label={t`${label} relation`}
      className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-page px-3 py-2"
    >
      <div className="flex flex-col">
        <span className="font-medium">{label}</span>
        <span className="text-xs text-ink-muted">{status}</span>
      </div>
      <div className="flex gap-2">
        {relation.isAccepted ? (
          <button
            type="button"
            aria-label={deleteName}
            className={buttonClass}
            disabled={busy}
            onClick={() => remove.mutate(relation.id, { onError: logError })}
          >
            {deleteText}
          </button>
        ) : isReceiver ? (
          <>
            <button
              type="button"
              aria-label={acceptName}
              className={buttonClass}
              disabled={busy}
              onClick={() => accept.mutate(relation.id, { onError: logError })}
            >
              {acceptText}
            </button>
            <button
              type="button"
              aria-label={rejectName}
              className={buttonClass}
              disabled={busy}
              onClick={() => reject.mutate(relation.id, { onError: logError })}
            >
              {rejectText}
            </button>
          </>
        ) : (
          <button
            type="button"
            aria-label={cancelName}
            className={buttonClass}
            disabled={busy}
            onClick={() => remove.mutate(relation.id, { onError: logError })}
          >
            {cancelText}
          </button>
        )}
      </div>
    </li>
  );
}

export function RequestRelationForm({
  userId,
  types,
  username,
}: {
  userId: number;
  types: RelationType[];
  /** Names the controls after the person, where several such forms share a page (People). */
  username?: string;
}) {
  const { t } = useLingui();
  const selectId = useId();
  const request = useRequestRelation();
  const [chosen, setChosen] = useState<RelationType | null>(null);
  // A type taken in the meantime falls back to the first one still free.
  const selected = chosen !== null && types.includes(chosen) ? chosen : types[0];

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected === undefined) return;
        request.mutate({ userId, type: selected }, { onError: logError });
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          <Trans>Relation type</Trans>
        </label>
        <select
          id={selectId}
          value={selected}
          aria-label={username ? t`Relation type for ${username}` : undefined}
          onChange={(event) => setChosen(Number(event.target.value) as RelationType)}
          className="field-input py-1.5 text-sm"
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {relationTypeLabel(type, sayShared)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        disabled={request.isPending}
        className="btn btn-primary"
        aria-label={username ? t`Request relation with ${username}` : undefined}
      >
        {request.isPending ? t`Requesting...` : t`Request relation`}
      </button>
    </form>
  );
}
