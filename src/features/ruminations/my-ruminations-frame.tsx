import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

const toggleClass =
  'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 aria-[current=page]:bg-white aria-[current=page]:shadow-sm dark:aria-[current=page]:bg-neutral-700';

/**
 * Title and the Published / Drafts toggle, kept while the list loads or fails. Kept small: route
 * pending and error states (in the first-load bundle) use it.
 */
export function MyRuminationsFrame({
  isPublic,
  children,
}: {
  isPublic: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">My Ruminations</h1>
        <nav
          aria-label="Published or drafts"
          className="flex gap-1 rounded-lg bg-neutral-100 p-1 dark:bg-neutral-800"
        >
          <Link
            to="/my-ruminations"
            search={{}}
            aria-current={isPublic ? 'page' : undefined}
            className={toggleClass}
          >
            Published
          </Link>
          <Link
            to="/my-ruminations"
            search={{ view: 'drafts' }}
            aria-current={isPublic ? undefined : 'page'}
            className={toggleClass}
          >
            Drafts
          </Link>
        </nav>
      </div>
      {children}
    </div>
  );
}
