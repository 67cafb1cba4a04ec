import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../components/ui/load-error';
import { ruminationQueries } from '../features/ruminations/rumination-queries';
import { RuminationListSkeleton } from '../features/ruminations/rumination-list-skeleton';
import { PageNotFound } from '../app/page-not-found';
import { UserNotFound } from '../features/people/user-not-found';
import { parseId } from '../lib/parse-id';
import { ProfilePage } from '../features/people/profile-page';
import { profileQueries, useProfile } from '../features/people/profile-queries';
import { loadProfileView, type ProfileView } from '../features/people/profile-view';
import { isApiError } from '../lib/api-error';
import { usePageTitle } from '../lib/page-title';
import { oneOf } from '../lib/search-params';

interface ProfileSearch {
  view?: ProfileView;
}

function validateProfileSearch(search: Record<string, unknown>): ProfileSearch {
  const view = oneOf(search.view, ['public', 'all']);
  return view === undefined ? {} : { view };
}

/**
 * A profile; ?view=all lists every rumination visible to the viewer (isPublic=false), ?view=public
 * the public ones; with neither it opens on what the viewer may read (profile-view.ts).
 */
export const Route = createFileRoute('/user/$userId')({
  validateSearch: validateProfileSearch,
  loaderDeps: ({ search }) => ({ view: search.view }),
  loader: async ({ context, params, deps }) => {
    const userId = parseId(params.userId);
    // An unusable id asks nothing of the server: the address leads nowhere (Page not found).
    if (userId === null) return undefined;
    const { queryClient, auth } = context;
    // The profile is asked for at once; the list once the tab is known.
    const listed = loadProfileView(queryClient, auth.isAuthenticated, userId, deps.view).then(
      async (view) => {
        const isPublic = view !== 'all';
        await queryClient.ensureInfiniteQueryData(ruminationQueries.public({ userId, isPublic }));
        return view;
      },
    );
    const [, view] = await Promise.all([
      queryClient.ensureQueryData(profileQueries.profile(userId)),
      listed,
    ]);
    return { view };
  },
  pendingComponent: () => <RuminationListSkeleton />,
  // Not found is an answer (a screen with a way back); anything else may pass: Try again.
  errorComponent: ({ error }) =>
    isApiError(error) && error.status === 404 ? <UserNotFound /> : <LoadError error={error} />,
  component: function ProfileRoute() {
    const { userId: rawId } = Route.useParams();
    const view = Route.useLoaderData()?.view ?? 'public';
    const userId = parseId(rawId);
    if (userId === null) return <PageNotFound />;
    return <ProfileTitle userId={userId} isPublic={view !== 'all'} />;
  },
});

/** A profile's tab is named after its person, as people know them. */
function ProfileTitle({ userId, isPublic }: { userId: number; isPublic: boolean }) {
  usePageTitle(useProfile(userId).data.displayName);
  return <ProfilePage userId={userId} isPublic={isPublic} />;
}
