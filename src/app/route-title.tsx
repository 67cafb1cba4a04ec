import { useLingui } from '@lingui/react/macro';
import { useMatches } from '@tanstack/react-router';
import { usePageTitle } from '../lib/page-title';

/**
 * The tab's title from the deepest matched route's `staticData.title` (see router.tsx), a message
 * (`msg`) said here in the language spoken. A route without one (a note, a profile, an unknown
 * address) leaves it to its screen (usePageTitle): this effect runs after its children's, so it
 * must not overwrite them with nothing.
 */
export function RouteTitle() {
  const { i18n } = useLingui();
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });
  usePageTitle(title === undefined ? undefined : i18n._(title));
  return null;
}
