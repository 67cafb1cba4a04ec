import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../../../components/ui/load-error';
import { MyFeedFrame } from '../../../features/ruminations/my-feed-frame';
import { MyFeedPage } from '../../../features/ruminations/my-feed-page';
import { ruminationQueries } from '../../../features/ruminations/rumination-queries';
import { RuminationListSkeleton } from '../../../features/ruminations/rumination-list-skeleton';

export const Route = createFileRoute('/_auth/_accepted/my-feed')({
  staticData: { title: 'My Feed' },
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(ruminationQueries.feed({})),
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
  component: MyFeedPage,
});
