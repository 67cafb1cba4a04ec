import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NOTE_SEARCH_MAX } from '../../api/limits';
import { SearchInput } from '../../components/ui/search-input';
import { TextHighlightContext, type SplitForHighlight } from '../../components/ui/text-highlight';
import { searchTerms, splitByMatches } from '../../domain/note-search';
import { sayShared } from '../../lib/i18n/language';
import { ruminationQueries } from './rumination-queries';
import { RuminationList } from './rumination-list';
import { RuminationListSkeleton } from './rumination-list-skeleton';
import { chosenTag, TagSuggestions } from './my-tags';

/**
 * "Search my ruminations": the box; its text lives in the address (?q=) so back and reload keep
 * it. Typing `#` suggests the person's tags; choosing one, or a text that names one of them
 * (`#walk`), lists that tag's notes instead (`onTagChoose`).
 */
export function MyRuminationsSearchBox({
  text,
  onTextChange,
  onTagChoose,
}: {
  text: string;
  onTextChange: (text: string) => void;
  onTagChoose: (tag: string) => void;
}) {
  const { t } = useLingui();
  const tags = useQuery(ruminationQueries.myTags());
  const change = (next: string) => {
    const tag = chosenTag(next, tags.data);
    if (tag === undefined) onTextChange(next);
    else onTagChoose(tag);
  };
  return (
    <form
      role="search"
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        change(text);
      }}
    >
      <SearchInput
        label={t`Search my ruminations`}
        text={text}
        onTextChange={change}
        maxLength={NOTE_SEARCH_MAX}
      />
      <TagSuggestions text={text} onChoose={onTagChoose} />
    </form>
  );
}

/** Whether `query` searches at all (blank or punctuation only does not). */
export function isSearch(query: string): boolean {
  return searchTerms(query).length > 0;
}

/**
 * The own ruminations that match `query` (settled, not every keystroke), matched words
 * highlighted. While a new query loads, the previous results stay (dimmed) instead of a flash of
 * placeholders; the request for an older query is cancelled (its signal) when a newer one starts.
 */
export function MySearchResults({
  isPublic,
  query,
  tag,
  onClear,
}: {
  isPublic: boolean;
  query: string;
  /** Only the results with this tag. */
  tag?: string | undefined;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const search = useInfiniteQuery({
    ...ruminationQueries.my({ isPublic, q: query.trim(), ...(tag === undefined ? {} : { tag }) }),
    placeholderData: keepPreviousData,
  });
  const split = useMemo<SplitForHighlight>(() => {
    const terms = searchTerms(query);
    return (text) => splitByMatches(text, terms);
  }, [query]);

  if (search.isError) {
    return (
      <p role="alert" className="error-box">
        {sayShared(search.error.message)}
      </p>
    );
  }
  if (!search.data) return <RuminationListSkeleton />;
  const count = search.data.pages.flat().length;
  return (
    <div className={search.isPlaceholderData ? 'opacity-60' : undefined}>
      <p aria-live="polite" className="sr-only">
        {search.isPlaceholderData
          ? t`Searching...`
          : search.hasNextPage
            ? t`${plural(count, { one: '# or more rumination matches', other: '# or more ruminations match' })}`
            : t`${plural(count, { one: '# rumination matches', other: '# ruminations match' })}`}
      </p>
      <TextHighlightContext.Provider value={split}>
        <RuminationList
          query={{
            data: search.data,
            hasNextPage: search.hasNextPage,
            isFetchingNextPage: search.isFetchingNextPage,
            fetchNextPage: search.fetchNextPage,
          }}
          label={t`Search results`}
          empty={
            <div className="flex flex-col items-center gap-3">
              <p>
                <Trans>No ruminations match</Trans>
              </p>
              <button type="button" className="btn btn-secondary" onClick={onClear}>
                <Trans>Clear search</Trans>
              </button>
            </div>
          }
        />
      </TextHighlightContext.Provider>
    </div>
  );
}
