import { useSyncExternalStore } from 'react';

/**
 * Code that improves a screen but is not needed to show it (the Markdown renderer: about 35 KB
 * gzipped) waits until the page has loaded and the browser is idle, so that it never competes with
 * the first visit's own JavaScript and API calls. Until then screens show their plain fallback.
 * The moment is marked in the Performance timeline (DEFERRED_IMPORTS_MARK): the client budget
 * (scripts/client-budget.mjs) lists what was fetched after it apart from the first visit.
 */

export const DEFERRED_IMPORTS_MARK = 'ruminations:deferred-imports';

let ready = false;
let scheduled = false;
const listeners = new Set<() => void>();

function open(): void {
  ready = true;
  performance.mark(DEFERRED_IMPORTS_MARK);
  for (const listener of listeners) listener();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(open, { timeout: 2000 });
    else setTimeout(open, 100);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  schedule();
  return () => listeners.delete(listener);
}

/** False until the page has loaded and the browser was idle once; then true for good. */
export function useAfterFirstLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ready,
    () => false,
  );
}
