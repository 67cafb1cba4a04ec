import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '../../lib/idempotency-key';

export interface OneWrite {
  /**
   * Sends with the key this composer holds, unless a submission is already under way (a second
   * click in the same frame is dropped). `send` resolves whether the write left the composer
   * (sent, or queued offline); then the key is spent and the next write gets a new one. A failed
   * submission keeps the key, so that a retry of a write the server did store is answered with it
   * instead of being stored twice.
   */
  submit: (send: (idempotencyKey: string) => Promise<boolean>) => Promise<boolean>;
  /** The person threw the text away: the next write is another one. */
  end: () => void;
}

/**
 * One click, one write. The flag is a ref, set before anything is awaited: React state would let
 * both clicks of a double-click through, as both run before the next render.
 */
export function useOneWrite(): OneWrite {
  const key = useRef<string | null>(null);
  const busy = useRef(false);
  return useMemo(
    () => ({
      submit: async (send) => {
        if (busy.current) return false;
        busy.current = true;
        key.current ??= newIdempotencyKey();
        try {
          const left = await send(key.current);
          if (left) key.current = null;
          return left;
        } finally {
          busy.current = false;
        }
      },
      end: () => {
        key.current = null;
      },
    }),
    [],
  );
}
