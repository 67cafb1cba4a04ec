import { within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createUser } from '../../../mocks/store/factories';
import { installMatchMedia } from '../../support/match-media';
import { renderApp } from '../../support/render-app';

describe('who is signed in, in the nav', () => {
  test('the bar says the display name, with the avatar, linking to their profile', async () => {
    installMatchMedia();
    const jose = createUser({ username: 'jose', displayName: 'José Núñez 🌻' });
    const app = await renderApp('/public', { token: jose.token });

    const nav = app.getByRole('navigation', { name: 'Main' });
    const me = await within(nav).findByRole('link', { name: 'José Núñez 🌻' });
    expect(me).toHaveAttribute('href', `/user/${jose.user.id}`);
    expect(within(me).getByText('José Núñez 🌻')).toHaveAttribute('dir', 'auto');
    expect(me.querySelector('[aria-hidden="true"]')).toHaveTextContent('J');

    await app.user.click(me);
    await vi.waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/user/${jose.user.id}`),
    );
  });

  test('on a small screen the name is the first item of the menu', async () => {
    installMatchMedia({ narrow: true });
    const maryam = createUser({ username: 'maryam', displayName: 'مريم' });
    const app = await renderApp('/public', { token: maryam.token });

    await app.user.click(await app.findByRole('button', { name: 'Open menu' }));
    const items = await app.findAllByRole('menuitem');
    expect(items[0]).toHaveAccessibleName('مريم');
    expect(items[0]).toHaveAttribute('href', `/user/${maryam.user.id}`);
    expect(within(items[0]!).getByText('مريم')).toHaveAttribute('dir', 'auto');
  });

  test('signed out, the bar names no one', async () => {
    installMatchMedia();
    createUser({ username: 'jose', displayName: 'José Núñez 🌻' });
    const app = await renderApp('/public');
    expect(app.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.queryByText('José Núñez 🌻')).not.toBeInTheDocument();
  });
});
