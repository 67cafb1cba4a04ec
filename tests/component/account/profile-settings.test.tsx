import { http, HttpResponse } from 'msw';
import { within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import {
  BIO_TOO_LONG,
  DISPLAY_NAME_FAULT_MESSAGES,
  DISPLAY_NAME_REQUIRED,
  DISPLAY_NAME_TOO_LONG,
} from '../../../src/api/profile-rules';
import { installMatchMedia } from '../../support/match-media';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';

const log = logRequests();

async function openProfile(token: string) {
  installMatchMedia();
  const app = await renderApp('/settings', { token });
  const section = app.getByRole('region', { name: 'Profile' });
  const name = await within(section).findByRole('textbox', { name: 'Display name' });
  const bio = within(section).getByRole('textbox', { name: 'Bio' });
  const save = within(section).getByRole('button', { name: 'Save profile' });
  return { app, section, name, bio, save };
}

describe('Settings → Profile', () => {
  test('comes first, filled with the display name and the bio', async () => {
    const { token } = createUser({ username: 'jose', displayName: 'José', bio: 'Sunflowers' });
    const { app, name, bio } = await openProfile(token);
    const headings = app.getAllByRole('heading', { level: 2 });
    expect(headings[0]).toHaveTextContent('Profile');
    expect(name).toHaveValue('José');
    expect(bio).toHaveValue('Sunflowers');
    expect(name).toHaveAttribute('dir', 'auto');
  });

  test('saves the name and bio, says Saved, and the nav says the new name at once', async () => {
    const jose = createUser({ username: 'jose' });
    const { app, section, name, bio, save } = await openProfile(jose.token);
    const nav = app.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'jose' })).toBeInTheDocument();

    await app.user.clear(name);
    await app.user.type(name, '  José Núñez 🌻 ');
    await app.user.type(bio, 'Line one{Enter}line two');
    await app.user.click(save);

    expect(await within(section).findByRole('status')).toHaveTextContent('Saved');
    expect(await within(nav).findByRole('link', { name: 'José Núñez 🌻' })).toBeInTheDocument();
    await log.settled();
    expect(log.to('/api/account/profile', 'PUT').map((r) => r.body)).toEqual([
      { displayName: 'José Núñez 🌻', bio: 'Line one\nline two' },
    ]);
    const stored = getDb().users.find((u) => u.id === jose.user.id);
    expect(stored?.displayName).toBe('José Núñez 🌻');
    // Typing again: the old "Saved" no longer speaks for the form.
    await app.user.type(bio, '!');
    expect(within(section).getByRole('status')).toHaveTextContent('');
  });

  test('says what is wrong under each field, with counters near the limits, and sends nothing', async () => {
    const { token } = createUser({ username: 'jose' });
    const { app, section, name, bio, save } = await openProfile(token);

    await app.user.clear(name);
    await app.user.type(name, '   ');
    await app.user.click(save);
    expect(await within(section).findByText(DISPLAY_NAME_REQUIRED)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(DISPLAY_NAME_REQUIRED));

    // Characters as a person counts them: 51 sunflowers are 51, not 102.
    await app.user.clear(name);
    await app.user.click(name);
    await app.user.paste('🌻'.repeat(51));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('51 / 50 characters'));
    await app.user.click(bio);
    await app.user.paste('b'.repeat(301));
    expect(bio).toHaveAccessibleDescription(expect.stringContaining('301 / 300 characters'));
    await app.user.click(save);
    expect(await within(section).findByText(DISPLAY_NAME_TOO_LONG)).toBeInTheDocument();
    expect(within(section).getByText(BIO_TOO_LONG)).toBeInTheDocument();

    await log.settled();
    expect(log.to('/api/account/profile', 'PUT')).toHaveLength(0);
  });

  test('a name that shows nothing or reads "[deleted account]" is refused on the field, sending nothing', async () => {
    const { token } = createUser({ username: 'ana_g', displayName: 'Ana' });
    const { app, section, name, save } = await openProfile(token);

    await app.user.clear(name);
    await app.user.click(name);
    await app.user.paste('\u3164\u200B');
    await app.user.click(save);
    const blank = await within(section).findByText(DISPLAY_NAME_FAULT_MESSAGES.showsNothing);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(blank.textContent!));

    await app.user.clear(name);
    await app.user.click(name);
    await app.user.paste('[Deleted Account]\u200B');
    await app.user.click(save);
    expect(
      await within(section).findByText('Display name cannot be "[deleted account]"'),
    ).toBeInTheDocument();

    await log.settled();
    expect(log.to('/api/account/profile', 'PUT')).toHaveLength(0);
    expect(getDb().users.find((u) => u.username === 'ana_g')?.displayName).toBe('Ana');
  });

  test('the server’s message about a field is shown on that field', async () => {
    const { token } = createUser({ username: 'jose' });
    server.use(
      http.put('*/api/account/profile', () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Display name is not allowed',
            status: 400,
            errors: { displayName: ['Display name is not allowed'] },
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const { app, section, name, save } = await openProfile(token);
    await app.user.clear(name);
    await app.user.type(name, 'Admin');
    await app.user.click(save);

    const message = await within(section).findByText('Display name is not allowed');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(message.textContent!));
    // On the field only, not again in the form's error box.
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(''));
  });
});
