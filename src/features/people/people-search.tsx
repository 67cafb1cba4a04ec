import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { UserRelation } from '../../api/relation-schemas';
import { USER_SEARCH_MAX, USER_SEARCH_MIN } from '../../api/limits';
import { SearchInput } from '../../components/ui/search-input';
import { isApiError } from '../../lib/api-error';
import { sayShared } from '../../lib/i18n/language';
import { availableRelationTypes } from '../relations/available-relation-types';
import { RequestRelationForm } from '../relations/relation-manager';
import { usePeopleSearch } from './people-queries';
import { PersonLink } from './person-link';

interface PeopleSearchProps {
  /** What the box holds now (kept in the URL by the page). */
  text: string;
  onTextChange: (text: string) => void;
  /** The settled text: what is searched. */
  query: string;
  viewerId: number;
  relations: readonly UserRelation[];
}

/**
 * What a failed search says: for a query the server cannot use, its message about the query
 * ("Search for at least 2 characters"), not the generic title of a bad request.
 */
function searchErrorMessage(error: Error): string {
  const errors = isApiError(error) ? (error.problem?.errors ?? {}) : {};
  const aboutQuery = Object.entries(errors).find(([field]) => field.toLowerCase() === 'q');
  // The server's or the mock's English, if it came so, in the language spoken.
  return sayShared(aboutQuery?.[1][0] ?? error.message);
}

/** The search box and its results, each with a request control while a relation type is free. */
export function PeopleSearch({
  text,
  onTextChange,
  query,
  viewerId,
  relations,
}: PeopleSearchProps) {
  const { t } = useLingui();
  const headingId = useId();
  const search = usePeopleSearch(query);
  const searched = query.trim();
  const tooShort = searched.length < USER_SEARCH_MIN;
  const min = USER_SEARCH_MIN;
  const withPerson = (userId: number) =>
    relations.filter(
      (r) =>
        (r.initiator.id === userId && r.receiver.id === viewerId) ||
        (r.receiver.id === userId && r.initiator.id === viewerId),
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        <Trans>Find people</Trans>
      </h2>
      <SearchInput
        label={t`Find people by name`}
        text={text}
        onTextChange={onTextChange}
        maxLength={USER_SEARCH_MAX}
      />
      <div aria-live="polite">
        {tooShort ? (
          <p className="text-sm text-ink-muted">
            {t`${plural(min, {
              one: 'Type at least # letter of a name.',
              other: 'Type at least # letters of a name.',
            })}`}
          </p>
        ) : search.isPending ? (
          <p className="text-sm text-ink-muted">
            <Trans>Searching...</Trans>
          </p>
        ) : search.isError ? (
          <p role="alert" className="text-sm text-danger">
            {searchErrorMessage(search.error)}
          </p>
        ) : search.data.length === 0 ? (
          <p className="text-sm text-ink-muted">
            <Trans>No one is called anything like “{searched}”.</Trans>
          </p>
        ) : (
          <ul aria-label={t`Search results`} className="flex flex-col gap-2">
            {search.data.map((person) => {
              const free = availableRelationTypes(withPerson(person.id));
              return (
                <li
                  key={person.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface px-3 py-2"
                >
                  <PersonLink person={person} />
                  {free.length > 0 ? (
                    <RequestRelationForm
                      userId={person.id}
                      types={free}
                      username={person.username}
                    />
                  ) : (
                    <span className="text-xs text-ink-muted">
                      <Trans>Related in every way</Trans>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
