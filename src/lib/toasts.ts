import { useSyncExternalStore } from 'react';

/**
 * Short notices that confirm something happened out of sight ("Draft saved" while the Published
 * list is shown). A tiny store, so that any feature can raise one; src/app/layout shows them.
 */

export interface ToastLink {
  label: string;
  to: '/my-ruminations';
  search?: { view?: 'drafts' };
}

/** A button in the notice that takes the change back ("Undo"); pressing it dismisses the notice. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  message: string;
  link?: ToastLink;
  action?: ToastAction;
}

/** Long enough to read and reach the link; a toast can also be dismissed at once. */
export const TOAST_MS = 8000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  publish([...toasts, { ...toast, id }]);
  setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}

export function dismissToast(id: number): void {
  if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
}

/** Clears every notice at once: a page's state that tests sharing one document start without. */
export function dismissAllToasts(): void {
  if (toasts.length > 0) publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
