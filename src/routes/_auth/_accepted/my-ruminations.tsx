import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { LoadError } from '../../../features/ruminations/load-error';
import { MyRuminationsFrame } from '../../../features/ruminations/my-ruminations-frame';
import { MyRuminationsPage } from '../../../features/ruminations/my-ruminations-page';
import { ruminationQueries } from '../../../features/ruminations/rumination-queries';
import { RuminationListSkeleton } from '../../../features/ruminations/rumination-list-skeleton';

// zod/mini: the validator sits in the route tree, which every first visit downloads.
const searchSchema = z.object({
  view: z.catch(z.optional(z.enum(['published', 'drafts'])), undefined),
});

/** ?view=drafts shows drafts (isPublic=false); anything else the published ones. */
export const Route = createFileRoute('/_auth/_accepted/my-ruminations')({
  validateSearch: searchSchema,
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
