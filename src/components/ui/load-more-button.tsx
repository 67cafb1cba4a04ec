import { useLingui } from '@lingui/react/macro';

/** What a paged (infinite) query offers for its next page; its result passes as it is. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a paged list, while there is a next page. */
export function LoadMoreButton({ query }: { query: NextPageQuery }) {
  const { t } = useLingui();
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      disabled={query.isFetchingNextPage}
      onClick={() => {
        // A failed page leaves the button in place to try again; the error is logged.
        query.fetchNextPage().catch((error: unknown) => console.error(error));
      }}
      className="btn btn-secondary self-center"
    >
      {query.isFetchingNextPage ? t`Loading more...` : t`Load more`}
    </button>
  );
}
