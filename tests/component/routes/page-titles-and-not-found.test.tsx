import { describe, expect, test } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';

/** Every page names itself in the tab; an address that leads nowhere says so, with a way back. */
describe('page titles', () => {
  test.each([
    ['/public', 'Public · Ruminations'],
    ['/login', 'Sign in · Ruminations'],
    ['/terms-of-service', 'Terms of Service · Ruminations'],
  ])('%s is titled %j', async (path, title) => {
    const app = await renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
    app.unmount();
  });

  test.each([
    ['/my-ruminations', 'My Ruminations · Ruminations'],
    ['/my-feed', 'My Feed · Ruminations'],
    ['/people', 'People · Ruminations'],
    ['/notifications', 'Notifications · Ruminations'],
    ['/settings', 'Settings · Ruminations'],
    ['/trash', 'Trash · Ruminations'],
  ])('signed in, %s is titled %j', async (path, title) => {
    const { token } = createUser({ username: `t${Math.random().toString(36).slice(2, 8)}` });
    const app = await renderApp(path, { token });
    await waitFor(() => expect(document.title).toBe(title));
    app.unmount();
  });

  test("a note's page is titled after its author's display name", async () => {
    const jose = createUser({ username: 'jose', displayName: 'José Núñez' });
    const note = createRumination({ authorId: jose.user.id, content: 'A public thought' });
    const app = await renderApp(`/rumination/${note.id}`);
    await waitFor(() => expect(document.title).toBe("José Núñez's note · Ruminations"));
    app.unmount();
  });

  test("a profile is titled with the person's display name", async () => {
    const maryam = createUser({ username: 'maryam', displayName: 'مريم' });
    const app = await renderApp(`/user/${maryam.user.id}`);
    await waitFor(() => expect(document.title).toBe('مريم · Ruminations'));
    app.unmount();
  });

  test('moving on to another page changes the title', async () => {
    const app = await renderApp('/public');
    await waitFor(() => expect(document.title).toBe('Public · Ruminations'));
    await app.router.navigate({ to: '/login' });
    await waitFor(() => expect(document.title).toBe('Sign in · Ruminations'));
    app.unmount();
  });
});

describe('an address that leads nowhere', () => {
  test.each(['/no-such-page', '/rumination/abc', '/user/abc'])(
    '%s shows "Page not found" with a way back',
    async (path) => {
      const app = await renderApp(path);
      expect(
        await app.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeInTheDocument();
      expect(app.getByRole('link', { name: 'Go to Public Ruminations' })).toHaveAttribute(
        'href',
        '/public',
      );
      await waitFor(() => expect(document.title).toBe('Page not found · Ruminations'));
      app.unmount();
    },
  );
});

test('signed in, the not-found page offers the way back to My Feed too', async () => {
  const { token } = createUser({ username: 'lost' });
  const app = await renderApp('/no-such-page', { token });
  expect(await app.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(app.getByRole('link', { name: 'Go to My Feed' })).toHaveAttribute('href', '/my-feed');
  expect(app.getByRole('link', { name: 'Go to Public Ruminations' })).toBeInTheDocument();
  app.unmount();
});
