import { within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';

/*
 * What the signed-in bar holds at each width (issue 39): at 1280 px Settings and Trash wait in a
 * small menu, so that the person's name and pages fit on one line each; from 1440 px everything
 * is on the bar. happy-dom lays nothing out: the widths are those the media queries are answered for
 * (the measuring is tests/e2e/layout-widths.spec.ts's, in Chromium).
 */

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** matchMedia answering as a light-themed screen `width` px wide would. */
function screenOf(width: number): void {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false;
    return {
      media: query,
      matches,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => true,
    } as MediaQueryList;
  };
}

async function signedInBar(width: number) {
  screenOf(width);
  const carlos = createUser({ username: 'carlos', displayName: 'Carlos Ibáñez Domínguez' });
  const app = await renderApp('/public', { token: carlos.token });
  const nav = within(app.getByRole('navigation', { name: 'Main' }));
  await nav.findByRole('link', { name: 'Carlos Ibáñez Domínguez' });
  return { app, nav };
}

describe('the signed-in bar by width', () => {
  test('at 1280 px: pages, name, theme and Sign Out on the bar; Settings and Trash in the menu', async () => {
    const { app, nav } = await signedInBar(1280);
    for (const page of ['Public', 'My Ruminations', 'My Feed', 'People']) {
      expect(nav.getByRole('link', { name: page })).toBeInTheDocument();
    }
    expect(nav.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Trash' })).not.toBeInTheDocument();

    await app.user.click(nav.getByRole('button', { name: 'Open menu' }));
    const menu = within(await app.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Settings',
      'Trash',
    ]);
  });

  test('at 1440 px: everything on the bar, no menu', async () => {
    const { nav } = await signedInBar(1440);
    for (const page of ['My Ruminations', 'My Feed', 'People', 'Settings', 'Trash']) {
      expect(nav.getByRole('link', { name: page })).toBeInTheDocument();
    }
    expect(nav.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  test('at 390 px: My Ruminations and My Feed on the bar; the rest, the name first, in the menu', async () => {
    screenOf(390);
    const carlos = createUser({ username: 'carlos', displayName: 'Carlos Ibáñez Domínguez' });
    const app = await renderApp('/public', { token: carlos.token });
    const nav = within(app.getByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'My Feed' })).toHaveAttribute('href', '/my-feed');
    expect(nav.getByRole('link', { name: 'My Ruminations' })).toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();

    await app.user.click(nav.getByRole('button', { name: 'Open menu' }));
    const menu = within(await app.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Carlos Ibáñez Domínguez',
      'People',
      'Notifications',
      'Settings',
      'Trash',
      'Switch to dark theme',
      'Sign Out',
    ]);
  });
});
