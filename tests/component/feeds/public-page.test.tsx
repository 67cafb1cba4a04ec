import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';

const log = logRequests();

describe('Public Ruminations', () => {
  test('a visitor sees public ruminations only, with line breaks kept', async () => {
    const { user: alice } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'First line\nSecond line' });
    createRumination({ authorId: alice.id, content: 'Friends only', audiences: [2] });
    createRumination({ authorId: alice.id, content: 'A draft', isPublished: false });
    const app = await renderApp('/public');

    expect(app.getByRole('heading', { name: 'Public Ruminations' })).toBeInTheDocument();
    const text = app.getByText(/First line/);
    expect(text.textContent).toBe('First line\nSecond line');
    // `.prose-note p` is white-space: pre-line (styles.css): the newline shows as a break.
    expect(text.closest('.prose-note')).not.toBeNull();
    expect(app.queryByText('Friends only')).not.toBeInTheDocument();
    expect(app.queryByText('A draft')).not.toBeInTheDocument();
    expect(app.getByText('Log in to add a comment.')).toBeInTheDocument();
    // Nobody else's card offers editing.
    expect(app.queryByRole('button', { name: 'Edit rumination' })).not.toBeInTheDocument();
    expect(app.queryByRole('button', { name: 'Delete rumination' })).not.toBeInTheDocument();
    expect(log.to('/api/ruminations/public')[0]?.url.searchParams.get('Limit')).toBe('20');
  });

  test('nothing to show: the empty state tells a visitor to sign in', async () => {
    const app = await renderApp('/public');
    expect(
      app.getByText(/No public ruminations yet\. Sign in to write the first one\./),
    ).toBeInTheDocument();
  });

  test('clicking someone else’s card does not open editing', async () => {
    const { user: alice } = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    createRumination({ authorId: alice.id, content: 'Not yours' });
    const app = await renderApp('/public', { token: bob.token });
    await app.user.click(await app.findByText('Not yours'));
    expect(app.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a network failure shows "Failed to fetch all ruminations" with a retry', async () => {
    server.use(http.get('*/api/ruminations/public', () => HttpResponse.error(), { once: true }));
    const { user: alice } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'Back again' });
    const app = await renderApp('/public');
    expect(await app.findByRole('alert')).toHaveTextContent('Failed to fetch all ruminations');
    await app.user.click(app.getByRole('button', { name: 'Try again' }));
    expect(await app.findByText('Back again')).toBeInTheDocument();
  });

  test('a full page offers "Load more"; the next page is asked with BeforeId', async () => {
    const { user: alice } = createUser({ username: 'alice' });
    const all = Array.from({ length: 21 }, (_, i) =>
      createRumination({ authorId: alice.id, content: `Public ${i + 1}` }),
    );
    const app = await renderApp('/public');
    const list = app.getByRole('list', { name: 'Public ruminations' });
    expect(within(list).getAllByRole('article')).toHaveLength(20);

    await app.user.click(app.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Public 1')).toBeInTheDocument();
    expect(app.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(log.to('/api/ruminations/public')[1]?.url.searchParams.get('BeforeId')).toBe(
      String(all[1]?.id),
    );
  });
});
