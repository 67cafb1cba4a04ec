import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { USER_SEARCH_MAX } from '../../../api/limits';
import { PeoplePage } from '../../../features/people/people-page';

interface PeopleSearchParams {
  q?: string;
}

// A plain function: the validator sits in the route tree, which every first visit downloads.
function validatePeopleSearch(search: Record<string, unknown>): PeopleSearchParams {
  const q = typeof search.q === 'string' ? search.q.slice(0, USER_SEARCH_MAX) : '';
  return q === '' ? {} : { q };
}

/** People: search as one types, with the text kept in the address (?q=). */
export const Route = createFileRoute('/_auth/_accepted/people')({
  staticData: { title: msg`People` },
  validateSearch: validatePeopleSearch,
  component: function PeopleRoute() {
    const { q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PeoplePage
        text={q ?? ''}
        onTextChange={(text) =>
          void navigate({ search: text === '' ? {} : { q: text }, replace: true })
        }
      />
    );
  },
});
