import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../components/ui/load-error';
import { PublicRuminationsFrame } from '../features/ruminations/public-ruminations-frame';
import { PublicRuminationsPage } from '../features/ruminations/public-ruminations-page';
import { ruminationQueries } from '../features/ruminations/rumination-queries';
import { RuminationListSkeleton } from '../features/ruminations/rumination-list-skeleton';
import { tagParam } from '../lib/search-params';

// Only the component and errorComponent are split into the page's chunk; the loader and the
// pending state stay in the first-load bundle, so they import small modules only.
export const Route = createFileRoute('/public')({
  staticData: { title: msg`Public` },
  // ?tag= lists only the public ruminations that carry that tag.
  validateSearch: (search: Record<string, unknown>): { tag?: string } => tagParam(search.tag),
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(
      ruminationQueries.public(deps.tag === undefined ? {} : { tag: deps.tag }),
    ),
  pendingComponent: () => (
    <PublicRuminationsFrame>
      <RuminationListSkeleton />
    </PublicRuminationsFrame>
  ),
  errorComponent: ({ error }) => (
    <PublicRuminationsFrame>
      <LoadError error={error} />
    </PublicRuminationsFrame>
  ),
  component: function PublicRoute() {
    const { tag } = Route.useSearch();
    return <PublicRuminationsPage tag={tag} />;
  },
});
