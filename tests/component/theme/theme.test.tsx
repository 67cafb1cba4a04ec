import { act, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createUser } from '../../../mocks/store/factories';
import { installMatchMedia, setSystemMedia } from '../../support/match-media';
import { renderApp } from '../../support/render-app';

const html = document.documentElement;

async function signedInApp() {
  const { token } = createUser({ username: 'alice' });
  return renderApp('/public', { token });
}

describe('theme', () => {
  test('follows the system by default', async () => {
    installMatchMedia({ dark: true });
    await signedInApp();
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  test('follows a system change live while set to system', async () => {
    installMatchMedia({ dark: false });
    const app = await signedInApp();
    expect(html).not.toHaveClass('dark');
    act(() => setSystemMedia({ dark: true }));
    expect(html).toHaveClass('dark');
    // The signed-in bar (with the toggle) appears once the person is loaded: on a busy machine,
    // after the first render.
    expect(await app.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  test('the toggle switches between dark and light and remembers the choice', async () => {
    installMatchMedia({ dark: false });
    const app = await signedInApp();
    await app.user.click(await app.findByRole('button', { name: 'Switch to dark theme' }));
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await app.user.click(app.getByRole('button', { name: 'Switch to light theme' }));
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  test('a chosen theme wins over the system and ignores its changes', async () => {
    localStorage.setItem('theme', 'light');
    installMatchMedia({ dark: true });
    await signedInApp();
    expect(html).not.toHaveClass('dark');
    act(() => setSystemMedia({ dark: false }));
    act(() => setSystemMedia({ dark: true }));
    expect(html).not.toHaveClass('dark');
  });

  test('the stored theme applies before sign-in too', async () => {
    localStorage.setItem('theme', 'dark');
    await renderApp('/login');
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');
  });
});

describe('theme in Settings', () => {
  test('Settings offers System, Light and Dark, and System follows the device again', async () => {
    installMatchMedia({ dark: false });
    const app = await signedInApp();
    await app.user.click(await app.findByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem('theme')).toBe('dark');

    await app.user.click(app.getByRole('link', { name: 'Settings' }));
    const theme = await app.findByRole('group', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: /Dark/ })).toBeChecked();

    await app.user.click(within(theme).getByRole('radio', { name: /System/ }));
    expect(localStorage.getItem('theme')).toBeNull();
    expect(html).not.toHaveClass('dark');
    act(() => setSystemMedia({ dark: true }));
    expect(html).toHaveClass('dark');
    expect(within(theme).getByRole('radio', { name: /System/ })).toBeChecked();

    await app.user.click(within(theme).getByRole('radio', { name: /Light/ }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(html).not.toHaveClass('dark');
  });
});
