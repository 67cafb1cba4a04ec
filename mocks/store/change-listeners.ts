/**
 * Who wants to know that the store may have changed: the live notification streams
 * (handlers/notifications.ts). `reset` tells them the whole store was replaced by a fresh one, so
 * that a stream left open by a previous test ends instead of serving the next test's users.
 */
export type StoreListener = (event: 'changed' | 'reset') => void;
const storeListeners = new Set<StoreListener>();

export function subscribeToStore(listener: StoreListener): () => void {
  storeListeners.add(listener);
  return () => storeListeners.delete(listener);
}

export function tellStoreListeners(event: 'changed' | 'reset'): void {
  for (const listener of [...storeListeners]) listener(event);
}
