import { useMutationState, type Mutation } from '@tanstack/react-query';
import { createElement, Suspense, useEffect } from 'react';
import { closeConflict } from './open-conflict';
import { conflictViewOf } from './offline-writes';

/**
 * The side-by-side view of the conflict being resolved (open-conflict.ts), shown by the "Not yet
 * sent" list: the view its write's feature registered (offline-writes.ts `ConflictView`). A write
 * with none, or a conflict resolved meanwhile (in another tab), just closes.
 */
export default function ConflictHost({ mutationId }: { mutationId: number }) {
  const [conflicted] = useMutationState({
    filters: { predicate: (m) => m.mutationId === mutationId && m.state.status === 'error' },
    select: (m) => m as Mutation,
  });
  const View = conflicted && conflictViewOf(conflicted.options.mutationKey);

  useEffect(() => {
    if (!View) closeConflict(mutationId);
  }, [View, mutationId]);

  if (!View || !conflicted) return null;
  return (
    <Suspense fallback={null}>
      {/* A registered view (offline-writes.ts), the same on every render: not made here. */}
      {createElement(View, { key: mutationId, conflicted })}
    </Suspense>
  );
}
