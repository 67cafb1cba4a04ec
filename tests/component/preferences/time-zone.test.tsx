import { afterEach, describe, expect, test, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createUser } from '../../../mocks/store/factories';
import { preferencesOf, storePreferences } from '../../../mocks/store/preferences';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';

/**
 * The time zone (api-contract.md "Memories"): set from the browser once per account and device
 * while the preference still says UTC, and changeable in Settings.
 */

const log = logRequests();

/** This browser lives in Madrid (the machine running the tests may be anywhere). */
function browserIn(zone: string): void {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    const options = original.call(this);
    // Only the device's own zone (what a formatter without timeZone resolves to) changes.
    return options.timeZone === 'UTC' || options.timeZone === 'Etc/UTC'
      ? { ...options, timeZone: zone }
      : options;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const puts = () => log.to('/api/account/preferences', 'PUT');

describe('time zone from the browser', () => {
  test('a preference still at UTC takes the browser’s zone, once per account on this device', async () => {
    browserIn('Europe/Madrid');
    const { user, token } = createUser({ username: 'alice' });
    const first = await renderApp('/my-ruminations', { token });
    await waitFor(() => expect(preferencesOf(user.id).timeZone).toBe('Europe/Madrid'));
    await log.settled();
    expect(puts().map((r) => r.body)).toEqual([{ timeZone: 'Europe/Madrid' }]);
    first.unmount();

    // Changed back to UTC elsewhere (by the person, say): this device does not set it again.
    storePreferences(user.id, { ...preferencesOf(user.id), timeZone: 'UTC' });
    log.clear();
    const second = await renderApp('/my-ruminations', { token });
    expect(await second.findByRole('heading', { name: 'My Ruminations' })).toBeInTheDocument();
    // The page's own later request (the lazy card's) has gone out: the navigation's effects ran.
    await waitFor(() => expect(log.to('/api/ruminations/on-this-day')).toHaveLength(1));
    // Read (the language follows them, language-from-preferences.tsx), never set again.
    await log.settled();
    expect(puts()).toEqual([]);
    expect(preferencesOf(user.id).timeZone).toBe('UTC');
  });

  test('a zone already chosen is left alone', async () => {
    browserIn('Europe/Madrid');
    const { user, token } = createUser({ username: 'alice' });
    storePreferences(user.id, { ...preferencesOf(user.id), timeZone: 'Asia/Tokyo' });
    await renderApp('/my-ruminations', { token });
    // Done for this account once the stored zone was seen.
    await waitFor(() =>
      expect(localStorage.getItem(`ruminations-time-zone-set:${user.id}`)).toBe('1'),
    );
    expect(log.to('/api/account/preferences', 'GET')).toHaveLength(1);
    expect(puts()).toEqual([]);
    expect(preferencesOf(user.id).timeZone).toBe('Asia/Tokyo');
  });
});

describe('Settings → Time zone', () => {
  test('shows the current zone chosen and saves another', async () => {
    const { user, token } = createUser({ username: 'alice' });
    storePreferences(user.id, { ...preferencesOf(user.id), timeZone: 'America/New_York' });
    const app = await renderApp('/settings', { token });
    const select = await app.findByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('America/New_York');
    expect(app.getByRole('option', { name: 'America/New York' })).toBeInTheDocument();
    await app.user.selectOptions(select, 'Asia/Tokyo');
    expect(await app.findByText('Time zone saved.')).toBeInTheDocument();
    expect(preferencesOf(user.id).timeZone).toBe('Asia/Tokyo');
    expect(select).toHaveValue('Asia/Tokyo');
  });
});
