import type { ReactNode } from 'react';

/** Kept small: route pending and error states (in the first-load bundle) use it. */
export function MyFeedFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">My Feed</h1>
      {children}
    </div>
  );
}
