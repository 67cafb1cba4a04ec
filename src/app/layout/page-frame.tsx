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

/**
 * The navigation bar's box, `label` its landmark's name. As wide as 90rem (1440 px): at 1280 px the signed-in bar, held to
 * 1024 px, cut the person's name and wrapped "My Ruminations" onto two lines. Below 768 px its
 * items may take a second line (signed-in-nav.tsx puts the person's pages there on a phone);
 * wider, they keep to one.
 */
export function BarFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <header className="border-b border-line bg-surface">
      <nav
        aria-label={label}
        className="mx-auto flex max-w-[90rem] flex-wrap items-center gap-1 px-4 py-2 md:flex-nowrap"
      >
        {children}
      </nav>
    </header>
  );
}

/**
 * What the bar's first link and the "Public" link look like, whichever element draws them. Their
 * words come from whoever draws them: the app's bar in the language spoken (nav-bar.tsx), the
 * frame built into index.html in English (static-frame.tsx). No macro here: the build renders
 * this module outside Lingui's compilation (build/static-shell.ts).
 */
export const logoLinkProps = {
  className: 'me-2 shrink-0 no-underline',
  children: <Logo />,
} as const;
export const publicLinkProps = { className: 'nav-link' } as const;
