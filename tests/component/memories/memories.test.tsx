import { describe, expect, test } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { localDateOf } from '../../../src/domain/local-days';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';
import { warmUpLazyModules } from '../ruminations/warm-up';

/**
 * On this day on My Ruminations, the calendar and a day's notes (api-contract.md "Memories"), over
 * the mock backend. The person's zone is the default, UTC.
 */

const log = logRequests();
warmUpLazyModules();

/** An instant `years` before today, at noon UTC (today's date in an earlier year). */
function yearsBack(years: number): string {
  const today = localDateOf(Date.now(), 'UTC');
  const year = Number(today.slice(0, 4)) - years;
  // 29 February of a year without one: the day before, which on this day also shows.
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  return `${year}-${monthDay}T12:00:00.000Z`;
}

describe('On this day on My Ruminations', () => {
  test('a quiet card lists each earlier year ("1 year ago today") with an excerpt opening the note', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const recent = createRumination({
      authorId: user.id,
      content: 'A long walk by the sea\nand more lines after',
      createTMS: yearsBack(1),
    });
    const older = createRumination({
      authorId: user.id,
      content: 'First snow of the winter',
      createTMS: yearsBack(3),
      isPublished: false,
    });
    const app = await renderApp('/my-ruminations', { token });
    const card = (await app.findByRole('heading', { name: 'On this day' })).closest('section')!;
    expect(within(card).getByRole('heading', { name: '1 year ago today' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: '3 years ago today' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'A long walk by the sea' })).toHaveAttribute(
      'href',
      `/rumination/${recent.id}`,
    );
    expect(within(card).getByRole('link', { name: 'First snow of the winter' })).toHaveAttribute(
      'href',
      `/rumination/${older.id}`,
    );
  });

  test('nothing shows when there are no memories', async () => {
    const { user, token } = createUser({ username: 'alice' });
    createRumination({ authorId: user.id, content: 'Written today' });
    const app = await renderApp('/my-ruminations', { token });
    expect(await app.findByText('Written today')).toBeInTheDocument();
    await waitFor(() => expect(log.to('/api/ruminations/on-this-day')).toHaveLength(1));
    expect(app.queryByRole('heading', { name: 'On this day' })).not.toBeInTheDocument();
  });
});

describe('The calendar', () => {
  function seedMay2023() {
    const { user, token } = createUser({ username: 'alice' });
    createRumination({
      authorId: user.id,
      content: 'Morning',
      createTMS: '2023-05-03T08:00:00.000Z',
    });
    createRumination({
      authorId: user.id,
      content: 'Evening draft',
      createTMS: '2023-05-03T20:00:00.000Z',
      isPublished: false,
    });
    createRumination({
      authorId: user.id,
      content: 'Later',
      createTMS: '2023-05-20T08:00:00.000Z',
    });
    return token;
  }

  test('reads out each day with its count, and moves month by month through the address', async () => {
    const token = seedMay2023();
    const app = await renderApp('/calendar?month=2023-05', { token });
    const grid = await app.findByRole('grid', { name: 'May 2023' });
    expect(
      await within(grid).findByRole('link', { name: 'Wednesday 3 May 2023, 2 notes' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('link', { name: 'Saturday 20 May 2023, 1 note' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('link', { name: 'Thursday 4 May 2023, no notes' }),
    ).toBeInTheDocument();
    // Weeks start on Monday: 1 May 2023 was one, so it opens the first row.
    expect(within(grid).getAllByRole('columnheader')[0]).toHaveTextContent('Mon');

    await app.user.click(app.getByRole('link', { name: 'Next month' }));
    expect(await app.findByRole('grid', { name: 'June 2023' })).toBeInTheDocument();
    expect(app.router.state.location.search).toEqual({ month: '2023-06' });
    await app.user.click(app.getByRole('link', { name: 'Previous month' }));
    await app.user.click(await app.findByRole('link', { name: 'Previous month' }));
    expect(await app.findByRole('grid', { name: 'April 2023' })).toBeInTheDocument();
    expect(log.to('/api/ruminations/calendar').map((r) => r.url.searchParams.get('month'))).toEqual(
      ['2023-05', '2023-06', '2023-04'],
    );
  });

  test('one tab stop; arrows move between days, Enter opens the day’s notes', async () => {
    const token = seedMay2023();
    const app = await renderApp('/calendar?month=2023-05', { token });
    const grid = await app.findByRole('grid', { name: 'May 2023' });
    await within(grid).findByRole('link', { name: 'Wednesday 3 May 2023, 2 notes' });
    const focusable = within(grid)
      .getAllByRole('link')
      .filter((link) => link.tabIndex === 0);
    expect(focusable.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Monday 1 May 2023, no notes',
    ]);
    focusable[0]!.focus();
    await app.user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('Wednesday 3 May 2023, 2 notes');
    await app.user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(document.activeElement).toHaveAccessibleName('Tuesday 9 May 2023, no notes');
    await app.user.keyboard('{End}');
    expect(document.activeElement).toHaveAccessibleName('Sunday 14 May 2023, no notes');
    await app.user.keyboard('{ArrowUp}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toHaveAccessibleName('Wednesday 3 May 2023, 2 notes');
    expect(
      within(grid)
        .getAllByRole('link')
        .filter((l) => l.tabIndex === 0),
    ).toEqual([document.activeElement]);

    await app.user.keyboard('{Enter}');
    expect(
      await app.findByRole('heading', { name: 'Notes of Wednesday 3 May 2023' }),
    ).toBeInTheDocument();
    // Drafts and published alike, that day only.
    expect(await app.findByText('Morning')).toBeInTheDocument();
    expect(app.getByText('Evening draft')).toBeInTheDocument();
    expect(app.queryByText('Later')).not.toBeInTheDocument();
    expect(app.getByRole('link', { name: 'Back to the calendar' })).toHaveAttribute(
      'href',
      '/calendar?month=2023-05',
    );
    // Asked of the server by its date, once: the days only focused on the way asked nothing.
    const dates = log.to('/api/ruminations/my').map((r) => r.url.searchParams.get('date'));
    expect(dates).toEqual(['2023-05-03']);
  });
});
