import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../../../components/ui/load-error';
import { MyRuminationsFrame } from '../../../features/ruminations/my-ruminations-frame';
import { MyRuminationsPage } from '../../../features/ruminations/my-ruminations-page';
import { ruminationQueries } from '../../../features/ruminations/rumination-queries';
import { RuminationListSkeleton } from '../../../features/ruminations/rumination-list-skeleton';
import { NOTE_SEARCH_MAX } from '../../../api/limits';
import { oneOf, tagParam } from '../../../lib/search-params';

interface MyRuminationsSearch {
  view?: 'published' | 'drafts';
  /** The search box's text. */
  q?: string;
  /** Only the ruminations with this tag. */
  tag?: string;
  /** One day's notes, drafts included (the calendar's day, 'YYYY-MM-DD'). */
  date?: string;
}

// A plain function: the validator sits in the route tree, which every first visit downloads.
function validateMyRuminationsSearch(search: Record<string, unknown>): MyRuminationsSearch {
  const view = oneOf(search.view, ['published', 'drafts']);
  const q = typeof search.q === 'string' ? search.q.slice(0, NOTE_SEARCH_MAX) : '';
  // Only the shape: the server answers 400 on a date that is no calendar date.
  const date =
    typeof search.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.date)
      ? search.date
      : undefined;
  return {
    ...(view === undefined ? {} : { view }),
    ...(q === '' ? {} : { q }),
    ...tagParam(search.tag),
    ...(date === undefined ? {} : { date }),
  };
}

/**
 * ?view=drafts shows drafts (isPublic=false); anything else the published ones. ?q= is the search
 * box's text: not a loader dependency, so typing never remounts the page (the results load in
 * it); only a list without a search is loaded before the page shows.
 */
export const Route = createFileRoute('/_auth/_accepted/my-ruminations')({
  staticData: { title: msg`My Ruminations` },
  validateSearch: validateMyRuminationsSearch,
  loaderDeps: ({ search }) =>
    search.date === undefined
      ? { isPublic: search.view !== 'drafts', tag: search.tag }
      : { date: search.date },
  loader: ({ context, deps, location }) =>
    (location.search as MyRuminationsSearch).q
      ? undefined
      : context.queryClient.ensureInfiniteQueryData(ruminationQueries.my(deps)),
  pendingComponent: function MyRuminationsPending() {
    const { view, date } = Route.useSearch();
    return (
      <MyRuminationsFrame isPublic={view !== 'drafts'} toggle={date === undefined}>
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
    const { view, q, tag, date } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <MyRuminationsPage
        isPublic={view !== 'drafts'}
        text={q ?? ''}
        tag={tag}
        date={date}
        onTextChange={(text) =>
          void navigate({
            search: (previous) => ({
              view: previous.view,
              tag: previous.tag,
              ...(text === '' ? {} : { q: text }),
            }),
            replace: true,
          })
        }
        onTagChoose={(chosen) =>
          void navigate({ search: (previous) => ({ view: previous.view, tag: chosen }) })
        }
      />
    );
  },
});
