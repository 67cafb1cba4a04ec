import { useCallback, useMemo, useRef } from 'react';

/**
 * Radix gives focus back to a Dialog.Trigger when a dialog closes. Our dialogs are opened from
 * plain buttons (they mount lazily), so without this focus fell to <body> on close. Spread the
 * result on Dialog.Content: it remembers what had focus when the dialog opened and returns there.
 */
export function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null);
  const onOpenAutoFocus = useCallback(() => {
    previous.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = previous.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  }, []);
  return useMemo(
    () => ({ onOpenAutoFocus, onCloseAutoFocus }),
    [onOpenAutoFocus, onCloseAutoFocus],
  );
}
