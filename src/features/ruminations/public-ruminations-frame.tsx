import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** Kept small: route pending and error states (in the first-load bundle) use it. */
export function PublicRuminationsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Public Ruminations</Trans>
      </h1>
      {children}
    </div>
  );
}
