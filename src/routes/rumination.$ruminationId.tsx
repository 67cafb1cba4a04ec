import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '../app/page-not-found';
import { LoadError } from '../components/ui/load-error';
import { RuminationListSkeleton } from '../features/ruminations/rumination-list-skeleton';
import { RuminationNotFound } from '../features/ruminations/rumination-not-found';
import { RuminationPage } from '../features/ruminations/rumination-page';
import { ruminationQueries } from '../features/ruminations/rumination-queries';
import { isApiError } from '../lib/api-error';
import { parseId } from '../lib/parse-id';

/** One rumination (token optional, like the API); hidden and missing ones look the same. */
export const Route = createFileRoute('/rumination/$ruminationId')({
  loader: async ({ context, params }) => {
    const id = parseId(params.ruminationId);
    // An unusable id asks nothing of the server: it is simply not found.
    if (id !== null) await context.queryClient.ensureQueryData(ruminationQueries.one(id));
  },
  pendingComponent: () => <RuminationListSkeleton />,
  errorComponent: ({ error }) =>
    isApiError(error) && error.status === 404 ? (
      <RuminationNotFound />
    ) : (
      <LoadError error={error} />
    ),
  component: function RuminationRoute() {
    const id = parseId(Route.useParams().ruminationId);
    // Not an id at all: the address leads nowhere, like any unknown one.
    return id === null ? <PageNotFound /> : <RuminationPage ruminationId={id} />;
  },
});
