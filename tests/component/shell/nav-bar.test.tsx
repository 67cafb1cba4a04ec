import { within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createUser, publishTermsVersion } from '../../../mocks/store/factories';
import { getToken } from '../../../src/lib/token-storage';
import { installMatchMedia } from '../../support/match-media';
import { queriesWithData, renderApp } from '../../support/render-app';

describe('navigation bar', () => {
  test('signed out: logo, Public and Sign In only', async () => {
    const app = await renderApp('/public');
    const nav = app.getByRole('navigation', { name: 'Main' });
    expect(app.getByRole('link', { name: 'Ruminations, public ruminations' })).toHaveAttribute(
      'href',
      '/public',
    );
    expect(app.getByRole('link', { name: 'Public' })).toHaveAttribute('href', '/public');
    expect(app.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(nav).not.toHaveTextContent('My Ruminations');
    expect(nav).not.toHaveTextContent('My Feed');
    expect(app.queryByRole('button', { name: 'New Rumination' })).not.toBeInTheDocument();
    expect(app.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  test('signed in: My Ruminations, My Feed, New Rumination, theme toggle and Sign Out', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/public', { token });
    // The signed-in part of the bar arrives in its own chunk.
    expect(await app.findByRole('link', { name: 'My Ruminations' })).toHaveAttribute(
      'href',
      '/my-ruminations',
    );
    expect(app.getByRole('link', { name: 'My Feed' })).toHaveAttribute('href', '/my-feed');
    expect(app.getByRole('button', { name: 'New Rumination' })).toBeEnabled();
    expect(app.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(app.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(app.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  test('the links lead to their screens', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/public', { token });
    await app.user.click(app.getByRole('link', { name: 'My Feed' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-feed'));
    await app.user.click(app.getByRole('link', { name: 'My Ruminations' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-ruminations'));
    await app.user.click(app.getByRole('link', { name: 'Public' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/public'));
  });

  test('terms pending: New Rumination is disabled', async () => {
    const { token } = createUser({ username: 'alice', acceptedCurrentTerms: false });
    publishTermsVersion('1.1');
    const app = await renderApp('/terms-acceptance', {
      token,
      requiresTosAcceptance: true,
      latestTosVersion: '1.1',
    });
    expect(app.getByRole('button', { name: 'New Rumination' })).toBeDisabled();
  });

  test('Sign Out forgets the token and the cached data, and shows /login', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/my-ruminations', { token });
    await app.user.click(app.getByRole('button', { name: 'Sign Out' }));

    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    // Nothing of the previous user stays cached (idle observers may re-create empty entries).
    await vi.waitFor(() => expect(queriesWithData(app)).toEqual([]));
    expect(await app.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.queryByRole('link', { name: 'My Ruminations' })).not.toBeInTheDocument();
  });

  describe('small screen', () => {
    test('moves Settings, Trash, the theme toggle and Sign Out into an overflow menu; My Ruminations and My Feed stay on the bar', async () => {
      installMatchMedia({ narrow: true });
      const { token } = createUser({ username: 'alice' });
      const app = await renderApp('/public', { token });
      const nav = app.getByRole('navigation', { name: 'Main' });
      expect(await within(nav).findByRole('link', { name: 'My Ruminations' })).toHaveAttribute(
        'href',
        '/my-ruminations',
      );
      expect(within(nav).getByRole('link', { name: 'My Feed' })).toHaveAttribute(
        'href',
        '/my-feed',
      );
      expect(app.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
      expect(app.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
      expect(app.getByRole('button', { name: 'New Rumination' })).toBeInTheDocument();

      await app.user.click(app.getByRole('button', { name: 'Open menu' }));
      const menu = await app.findByRole('menu');
      // Once on the bar, not twice.
      expect(menu).not.toHaveTextContent('My Ruminations');
      expect(menu).not.toHaveTextContent('My Feed');
      expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
      expect(within(menu).getByRole('menuitem', { name: 'Trash' })).toBeInTheDocument();
      expect(app.getByRole('menuitem', { name: 'Switch to dark theme' })).toBeInTheDocument();

      await app.user.click(app.getByRole('menuitem', { name: 'Sign Out' }));
      await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
      expect(getToken()).toBeNull();
    });

    test('a menu link navigates, and My Feed is one tap away on the bar', async () => {
      installMatchMedia({ narrow: true });
      const { token } = createUser({ username: 'alice' });
      const app = await renderApp('/public', { token });
      await app.user.click(app.getByRole('button', { name: 'Open menu' }));
      await app.user.click(await app.findByRole('menuitem', { name: 'Settings' }));
      await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/settings'));
      await app.user.click(app.getByRole('link', { name: 'My Feed' }));
      await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-feed'));
    });

    test('signed out it shows only Sign In, no menu', async () => {
      installMatchMedia({ narrow: true });
      const app = await renderApp('/public');
      expect(app.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
      expect(app.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    });
  });
});
