import { useEffect } from 'react';

/** The app's name, after every page's own in the tab's title. */
export const APP_NAME = 'Ruminations';

/** "Trash · Ruminations": a page's name first, so that tabs and history tell pages apart. */
export function pageTitle(page: string): string {
  return `${page} · ${APP_NAME}`;
}

/**
 * Sets the tab's title while a page shows. Most routes name their page once, in the route's
 * `staticData.title` (src/app/route-title.tsx sets it); a page whose name comes from its data (a
 * note's author, a profile's person) or a screen any route may show (not found) calls this.
 * Nothing undoes it on unmount: the next page sets its own.
 */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    if (page !== undefined) document.title = pageTitle(page);
  }, [page]);
}
