import type { ReactNode } from 'react';
import { Logo } from './logo';

/**
 * The page's frame: the bar on top and the main column under it. One definition for the app
 * (root-layout.tsx, nav-bar.tsx) and for the frame that index.html paints before any script has
 * run (static-frame.tsx, rendered at build time): the app then replaces it with the same boxes in
 * the same places, so nothing moves.
 */
export function PageFrame({
  bar,
  children,
  after,
}: {
  /** Above the main column: the navigation bar (and what goes before it). */
  bar: ReactNode;
  children?: ReactNode;
  /** After the main column: overlays (dialogs, notices). */
  after?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      {bar}
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        {children}
      </main>
      {after}
    </div>
  );
}

/** The navigation bar's box. */
export function BarFrame({ children }: { children: ReactNode }) {
  return (
    <header className="border-b border-line bg-surface">
      <nav aria-label="Main" className="mx-auto flex max-w-5xl items-center gap-1 px-4 py-2">
        {children}
      </nav>
    </header>
  );
}

/** What the bar's first link and the "Public" link look like, whichever element draws them. */
export const logoLinkProps = {
  'aria-label': 'Ruminations, public ruminations',
  className: 'mr-2 no-underline',
  children: <Logo />,
} as const;
export const publicLinkProps = { className: 'nav-link', children: 'Public' } as const;
