import { useMutationState, type Mutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { closeConflict } from '../offline/conflict-state';
import { offlineWriteKey } from '../offline/offline-writes';
import { ruminationWrites, type UpdateRuminationWrite } from '../ruminations/rumination-writes';
import { RuminationConflictDialog } from './rumination-conflict-dialog';

const RUMINATION_EDIT_KEY = JSON.stringify(offlineWriteKey(ruminationWrites.update));

/**
 * The side-by-side view of the conflict being resolved (features/offline/conflict-state.ts),
 * mounted by the app shell while one is open. Only an edited rumination waits on conflicts today;
 * anything else, or a conflict resolved meanwhile (in another tab), just closes.
 */
export default function ConflictHost({ mutationId }: { mutationId: number }) {
  const [conflicted] = useMutationState({
    filters: { predicate: (m) => m.mutationId === mutationId && m.state.status === 'error' },
    select: (m) => m as Mutation,
  });
  const isRuminationEdit =
    conflicted !== undefined &&
    JSON.stringify(conflicted.options.mutationKey) === RUMINATION_EDIT_KEY;

  useEffect(() => {
    if (!isRuminationEdit) closeConflict(mutationId);
  }, [isRuminationEdit, mutationId]);

  if (!isRuminationEdit) return null;
  return (
    <RuminationConflictDialog
      key={mutationId}
      conflicted={conflicted}
      mine={conflicted.state.variables as UpdateRuminationWrite}
    />
  );
}
