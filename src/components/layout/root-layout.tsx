import type { ReactNode } from 'react';

/** The page frame: navigation bar, the current screen, and app-wide overlays. */
export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
