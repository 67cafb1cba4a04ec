import { within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { commentBy } from '../../support/store-people';
import { warmUpLazyModules } from '../ruminations/warm-up';

warmUpLazyModules();

async function searchPeople(app: Awaited<ReturnType<typeof renderApp>>, text: string) {
  await app.user.type(await app.findByRole('searchbox', { name: 'Find people by name' }), text);
  return app.findByRole('list', { name: 'Search results' });
}

describe('names people recognise', () => {
  test('a search result shows the display name with the @username beside it', async () => {
    const jose = createUser({ username: 'jose', displayName: 'José Núñez 🌻' });
    const maryam = createUser({ username: 'maryam', displayName: 'مريم' });
    const app = await renderApp('/people', { token: maryam.token });

    const results = await searchPeople(app, 'nunez');
    const link = within(results).getByRole('link', { name: /José Núñez 🌻/ });
    expect(link).toHaveAttribute('href', `/user/${jose.user.id}`);
    expect(link).toHaveAccessibleName('José Núñez 🌻 @jose');
    expect(within(link).getByText('@jose')).toHaveClass('text-ink-muted');
    // The avatar's letter is the name's, not the username's.
    expect(link.querySelector('[aria-hidden="true"]')).toHaveTextContent('J');
  });

  test('a display name that only repeats the username (ignoring case) is said once', async () => {
    createUser({ username: 'alice', displayName: 'Alice' });
    const bob = createUser({ username: 'bob' });
    const app = await renderApp('/people', { token: bob.token });

    const results = await searchPeople(app, 'ali');
    const link = within(results).getByRole('link', { name: 'Alice' });
    expect(within(link).getByText('Alice')).toBeInTheDocument();
    expect(link).not.toHaveTextContent('@');
  });

  test('an Arabic name is isolated in its own span with dir="auto"', async () => {
    createUser({ username: 'maryam', displayName: 'مريم' });
    const jose = createUser({ username: 'jose', displayName: 'José Núñez 🌻' });
    const app = await renderApp('/people', { token: jose.token });

    const results = await searchPeople(app, 'مر');
    const name = within(results).getByText('مريم');
    expect(name).toHaveAttribute('dir', 'auto');
    // The @username keeps its own direction after it.
    expect(within(results).getByText('@maryam')).toHaveAttribute('dir', 'ltr');
  });

  test('the profile says the display name, the @username and the bio with its line breaks', async () => {
    const maryam = createUser({
      username: 'maryam',
      displayName: 'مريم',
      bio: 'أكتب كل صباح\nI write every morning',
    });
    const app = await renderApp(`/user/${maryam.user.id}`);

    const heading = await app.findByRole('heading', { level: 1, name: 'مريم' });
    expect(heading).toHaveAttribute('dir', 'auto');
    expect(app.getByText('@maryam')).toBeInTheDocument();
    const bio = app.getByText(/I write every morning/);
    expect(bio).toHaveAttribute('dir', 'auto');
    expect(bio.textContent).toBe('أكتب كل صباح\nI write every morning');
    expect(bio).toHaveClass('whitespace-pre-line');
  });

  test('a comment names its author by display name, with its own address for links', async () => {
    const jose = createUser({ username: 'jose', displayName: 'José Núñez 🌻' });
    const maryam = createUser({ username: 'maryam', displayName: 'مريم' });
    const note = createRumination({ authorId: jose.user.id, content: 'Sunflowers' });
    const comment = commentBy(maryam, note.id, { content: 'جميلة' });
    const app = await renderApp(`/rumination/${note.id}`, { token: jose.token });

    const text = await app.findByText('جميلة');
    const item = text.closest<HTMLElement>(`#comment-${comment.id}`);
    expect(item).not.toBeNull();
    const author = within(item!).getByRole('link', { name: /مريم/ });
    expect(author).toHaveAttribute('href', `/user/${maryam.user.id}`);
    expect(within(author).getByText('مريم')).toHaveAttribute('dir', 'auto');
    expect(within(author).getByText('@maryam')).toBeInTheDocument();
    // The comment's text takes its direction from its own letters.
    expect(text.closest('[dir="auto"]')).not.toBeNull();
  });
});
