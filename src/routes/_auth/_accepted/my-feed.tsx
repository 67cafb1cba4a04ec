import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../../../components/ui/load-error';
import { MyFeedFrame } from '../../../features/ruminations/my-feed-frame';
import { MyFeedPage } from '../../../features/ruminations/my-feed-page';
import { ruminationQueries } from '../../../features/ruminations/rumination-queries';
import { RuminationListSkeleton } from '../../../features/ruminations/rumination-list-skeleton';
import { tagParam } from '../../../lib/search-params';

/** ?tag= lists only what carries that tag. */
export const Route = createFileRoute('/_auth/_accepted/my-feed')({
  staticData: { title: msg`My Feed` },
  validateSearch: (search: Record<string, unknown>): { tag?: string } => tagParam(search.tag),
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(ruminationQueries.feed(deps)),
  pendingComponent: () => (
    <MyFeedFrame>
      <RuminationListSkeleton />
    </MyFeedFrame>
  ),
  errorComponent: ({ error }) => (
    <MyFeedFrame>
      <LoadError error={error} />
    </MyFeedFrame>
  ),
  component: function MyFeedRoute() {
    const { tag } = Route.useSearch();
    return <MyFeedPage tag={tag} />;
  },
});
