import { useEffect, useState } from 'react';
import type * as VirtualListCode from './virtual-rumination-list';

type VirtualListModule = typeof VirtualListCode;

/** Once loaded, for every list after the first (no state to wait for). */
let loaded: VirtualListModule | undefined;

/**
 * The virtualized list's code (with @tanstack/react-virtual), fetched only once a list is long
 * enough to be on its way to needing it: a first visit, and most feeds, never download it. Until it
 * is here the caller keeps showing the plain list, so nothing waits behind a Suspense fallback.
 */
export function useVirtualListModule(wanted: boolean): VirtualListModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module !== undefined) return;
    let mounted = true;
    import('./virtual-rumination-list')
      .then((imported) => {
        loaded = imported;
        if (mounted) setModule(imported);
      })
      // Not fatal: the plain list goes on showing every card.
      .catch((error: unknown) => console.error(error));
    return () => {
      mounted = false;
    };
  }, [wanted, module]);
  return module;
}
