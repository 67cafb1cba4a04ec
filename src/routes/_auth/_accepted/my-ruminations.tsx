import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../../../components/ui/load-error';
import { MyRuminationsFrame } from '../../../features/ruminations/my-ruminations-frame';
import { MyRuminationsPage } from '../../../features/ruminations/my-ruminations-page';
import { ruminationQueries } from '../../../features/ruminations/rumination-queries';
import { RuminationListSkeleton } from '../../../features/ruminations/rumination-list-skeleton';
import { oneOf } from '../../../lib/search-params';

interface MyRuminationsSearch {
  view?: 'published' | 'drafts';
}

// A plain function: the validator sits in the route tree, which every first visit downloads.
function validateMyRuminationsSearch(search: Record<string, unknown>): MyRuminationsSearch {
  const view = oneOf(search.view, ['published', 'drafts']);
  return view === undefined ? {} : { view };
}

/** ?view=drafts shows drafts (isPublic=false); anything else the published ones. */
export const Route = createFileRoute('/_auth/_accepted/my-ruminations')({
  validateSearch: validateMyRuminationsSearch,
  loaderDeps: ({ search }) => ({ isPublic: search.view !== 'drafts' }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(ruminationQueries.my(deps)),
  pendingComponent: function MyRuminationsPending() {
    const { view } = Route.useSearch();
    return (
      <MyRuminationsFrame isPublic={view !== 'drafts'}>
        <RuminationListSkeleton />
      </MyRuminationsFrame>
    );
  },
  errorComponent: function MyRuminationsError({ error }) {
    const { view } = Route.useSearch();
    return (
      <MyRuminationsFrame isPublic={view !== 'drafts'}>
        <LoadError error={error} />
      </MyRuminationsFrame>
    );
  },
  component: function MyRuminationsRoute() {
    const { view } = Route.useSearch();
    return <MyRuminationsPage isPublic={view !== 'drafts'} />;
  },
});
