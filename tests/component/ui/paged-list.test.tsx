import { describe, expect, test, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PagedList, type PagedListQuery } from '../../../src/components/ui/paged-list';

/*
 * The states of a page's paged list (notifications, trash): what the person sees while it loads,
 * when it fails, when it is empty, and with items and a next page.
 */

function queryOf(state: Partial<PagedListQuery>): PagedListQuery {
  return {
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(() => Promise.resolve()),
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(() => Promise.resolve()),
    ...state,
  };
}

function renderList(query: PagedListQuery, count: number) {
  return render(
    <PagedList query={query} count={count} loading="Loading things..." empty={<p>Nothing yet.</p>}>
      <ul aria-label="Things">
        <li>one</li>
      </ul>
    </PagedList>,
  );
}

describe('PagedList', () => {
  test('while loading: the loading sentence as a status, no list', () => {
    renderList(queryOf({ isPending: true }), 0);
    expect(screen.getByRole('status')).toHaveTextContent('Loading things...');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('failed with nothing shown: the message as an alert, and Try again asks again', async () => {
    const query = queryOf({ isError: true, error: new Error('Failed to fetch things') });
    renderList(query, 0);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch things');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  test('a failed later page keeps the list shown, with Load more to try again', () => {
    renderList(queryOf({ isError: true, error: new Error('Boom'), hasNextPage: true }), 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  test('empty: the empty sentence, no list', () => {
    renderList(queryOf({}), 0);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('with items and no next page: the list, no Load more', () => {
    renderList(queryOf({}), 1);
    expect(screen.getByRole('list', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
