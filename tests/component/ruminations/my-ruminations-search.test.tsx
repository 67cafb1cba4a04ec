import { describe, expect, test } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { logRequests } from './request-log';
import { warmUpLazyModules } from './warm-up';

const log = logRequests();
warmUpLazyModules();

const searchesSent = () => log.to('/api/ruminations/my').map((r) => r.url.searchParams.get('q'));

describe('Search my ruminations', () => {
  test('searches as one types, keeps the words in the address, and highlights them', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'Coffee at the Café de Flore' });
    createRumination({ authorId: alice.id, content: 'Rain on the window' });
    const app = await renderApp('/my-ruminations', { token });
    expect(await app.findByText('Rain on the window')).toBeInTheDocument();

    await app.user.type(app.getByRole('searchbox', { name: 'Search my ruminations' }), 'cafe');
    const results = await app.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(within(results).queryByText('Rain on the window')).toBeNull());
    const mark = within(results).getByText('Café', { selector: 'mark' });
    expect(mark).toBeInTheDocument();
    expect(app.router.state.location.search).toMatchObject({ q: 'cafe' });
    // Debounced: one request for the settled words, not one per key.
    expect(searchesSent().filter((q) => q !== null)).toEqual(['cafe']);
  });

  test('a reload with ?q= shows the search, and "No ruminations match" offers to clear it', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'Rain on the window' });
    const app = await renderApp('/my-ruminations?q=zebra', { token });
    expect(app.getByRole('searchbox', { name: 'Search my ruminations' })).toHaveValue('zebra');
    expect(await app.findByText('No ruminations match')).toBeInTheDocument();
    // The page loads no unfiltered list first.
    expect(searchesSent()).toEqual(['zebra']);

    await app.user.click(app.getByRole('button', { name: 'Clear search' }));
    expect(await app.findByText('Rain on the window')).toBeInTheDocument();
    expect(app.getByRole('searchbox', { name: 'Search my ruminations' })).toHaveValue('');
    expect(app.router.state.location.search).not.toHaveProperty('q');
  });

  test('searches within the view shown, and the toggle keeps the search', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'Rain, published' });
    createRumination({ authorId: alice.id, content: 'Rain, a draft', isPublished: false });
    const app = await renderApp('/my-ruminations?q=rain', { token });
    expect(await app.findByText('Rain', { selector: 'mark' })).toBeInTheDocument();
    expect(app.queryByText('a draft', { exact: false })).toBeNull();

    await app.user.click(app.getByRole('link', { name: 'Drafts' }));
    expect(await app.findByText(', a draft', { exact: false })).toBeInTheDocument();
    expect(app.router.state.location.search).toMatchObject({ view: 'drafts', q: 'rain' });
  });

  test('highlights inside Markdown, never in its syntax or a link target', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({
      authorId: alice.id,
      content: 'A **bold café** and [a cafe link](https://cafe.example/cafe)',
    });
    const app = await renderApp('/my-ruminations?q=caf', { token });
    const strong = await app.findByText((_, el) => el?.tagName === 'STRONG', {}, { timeout: 3000 });
    expect(within(strong).getByText('café', { selector: 'mark' })).toBeInTheDocument();
    const link = app.getByRole('link', { name: 'a cafe link' });
    expect(link).toHaveAttribute('href', 'https://cafe.example/cafe');
    expect(within(link).getByText('cafe', { selector: 'mark' })).toBeInTheDocument();
  });
});
