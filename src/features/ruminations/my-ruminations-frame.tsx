import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

const toggleClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-ink-muted no-underline hover:text-ink aria-[current=page]:bg-surface aria-[current=page]:text-ink aria-[current=page]:shadow-sm';

/**
 * Title, the search box and the Published / Drafts toggle (which keeps a search going), kept while the list loads or fails. Kept small: route
 * pending and error states (in the first-load bundle) use it.
 */
export function MyRuminationsFrame({
  isPublic,
  search,
  toggle = true,
  children,
}: {
  isPublic: boolean;
  /** false: no Published / Drafts toggle (a calendar day lists both). */
  toggle?: boolean;
  /** The search box, above the toggle (the page's; pending and error states go without). */
  search?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">
          <Trans>My Ruminations</Trans>
        </h1>
        {search === undefined ? null : <div className="w-full">{search}</div>}
        {toggle ? (
          <nav
            aria-label={t`Published or drafts`}
            className="flex gap-1 rounded-lg border border-line bg-page p-1"
          >
            <Link
              to="/my-ruminations"
              search={(previous) => ({ q: previous.q, tag: previous.tag })}
              aria-current={isPublic ? 'page' : undefined}
              className={toggleClass}
            >
              {/* The view of one's published notes (a note's state "Published" reads otherwise). */}
              <Trans context="My Ruminations view">Published</Trans>
            </Link>
            <Link
              to="/my-ruminations"
              search={(previous) => ({ view: 'drafts' as const, q: previous.q, tag: previous.tag })}
              aria-current={isPublic ? undefined : 'page'}
              className={toggleClass}
            >
              <Trans>Drafts</Trans>
            </Link>
          </nav>
        ) : null}
      </div>
      {children}
    </div>
  );
}
