import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  forgetKeptDraft,
  forgetOthersKeptDrafts,
  keepDraft,
  loadKeptDraft,
} from './kept-draft-store';

/** Long enough not to write on every key press, short enough that a crash loses a few letters. */
export const KEEP_DELAY_MS = 300;

export interface KeptDraft<T> {
  /**
   * What was kept when the composer opened: `undefined` while it is being read, `null` when
   * nothing was (or no account is known yet).
   */
  restored: T | null | undefined;
  /** What the person has written now; `null`: nothing worth keeping (the copy is deleted). */
  keep: (value: T | null) => void;
  /** After a successful save or a discard: the copy goes and nothing pending is written. */
  forget: () => void;
}

/**
 * Keeps a composer's text in the browser as the person types (kept-draft-store.ts): debounced,
 * written at once when the composer closes or the page is hidden (a tab closed mid-sentence), and
 * read back when the composer opens. `parse` checks what was stored (an older shape reads as
 * nothing kept); it must be stable. Without a user id nothing is read or written.
 */
export function useKeptDraft<T>(
  userId: number | null,
  slot: string,
  parse: (raw: unknown) => T | null,
): KeptDraft<T> {
  const [restored, setRestored] = useState<T | null | undefined>(
    userId === null ? null : undefined,
  );
  const pending = useRef<{ value: T | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const owner = useRef({ userId, slot });
  useEffect(() => {
    owner.current = { userId, slot };
  }, [userId, slot]);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void forgetOthersKeptDrafts(userId);
    void loadKeptDraft(userId, slot).then((raw) => {
      // Read once per opening: an account known only later does not replace what is typed.
      if (live) setRestored((previous) => (previous === undefined ? parse(raw) : previous));
    });
    return () => {
      live = false;
    };
  }, [userId, slot, parse]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    const { userId: id, slot: where } = owner.current;
    if (next === null || id === null) return;
    void (next.value === null ? forgetKeptDraft(id, where) : keepDraft(id, where, next.value));
  }, []);

  useEffect(() => {
    // A tab closed or a phone locked mid-sentence: the debounce would never fire.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      // The composer closed (or the app left the page): what is pending is kept now.
      flush();
    };
  }, [flush]);

  return useMemo(
    () => ({
      restored,
      keep: (value: T | null) => {
        pending.current = { value };
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = setTimeout(flush, KEEP_DELAY_MS);
      },
      forget: () => {
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = null;
        pending.current = null;
        const { userId: id, slot: where } = owner.current;
        if (id !== null) void forgetKeptDraft(id, where);
      },
    }),
    [restored, flush],
  );
}
