import { describe, expect, test, vi } from 'vitest';
import { createUser } from '../../../mocks/store/factories';
import { preferencesOf, storePreferences } from '../../../mocks/store/preferences';
import {
  LANGUAGE_STORAGE_KEY,
  onLanguageChange,
  rememberedLanguage,
  speakLanguage,
  spokenLanguage,
} from '../../../src/lib/i18n/language';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';

/**
 * The person's language (api-contract.md "Languages"): chosen in Settings, saved in the
 * preferences and spoken at once; and spoken on every device where their preferences arrive.
 */

const log = logRequests();

const puts = () => log.to('/api/account/preferences', 'PUT');

describe('Settings → Language', () => {
  test('follows the browser until Español is chosen: saved, remembered, and spoken at once', async () => {
    const { user, token } = createUser({ username: 'lucia' });
    const app = await renderApp('/settings', { token });
    expect(await app.findByRole('heading', { level: 2, name: 'Language' })).toBeInTheDocument();
    const browser = await app.findByRole('radio', { name: /Browser's language/ });
    expect(browser).toBeChecked();
    for (const name of ['English', 'Español', 'العربية']) {
      expect(app.getByRole('radio', { name })).not.toBeChecked();
    }
    // Each named in itself, marked as written in it.
    expect(app.getByText('العربية')).toHaveAttribute('lang', 'ar');
    expect(app.getByText('العربية')).toHaveAttribute('dir', 'rtl');

    const changes = vi.fn();
    const stopListening = onLanguageChange(changes);
    await app.user.click(app.getByRole('radio', { name: 'Español' }));
    await vi.waitFor(() => expect(spokenLanguage()).toBe('es'));
    // One switch, one new render of the app: the preferences' arrival (the PUT's answer) on this
    // device starts none of its own.
    await log.settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(changes).toHaveBeenCalledTimes(1);
    stopListening();
    await log.settled();
    expect(puts().map((r) => r.body)).toEqual([{ language: 'es' }]);
    expect(preferencesOf(user.id).language).toBe('es');
    expect(rememberedLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
    expect(app.getByRole('radio', { name: 'Español' })).toBeChecked();
  });

  test('back to the browser’s language: null is saved and this device forgets its choice', async () => {
    const { user, token } = createUser({ username: 'lucia' });
    storePreferences(user.id, { ...preferencesOf(user.id), language: 'ar' });
    // This device chose Arabic before: it speaks it from the start (src/main.tsx).
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    await speakLanguage('ar');
    const app = await renderApp('/settings', { token });
    expect(document.documentElement.dir).toBe('rtl');
    await vi.waitFor(() => expect(app.getByRole('radio', { name: 'العربية' })).toBeChecked());

    // The screen speaks Arabic: the choice found by its value (null, sent as '').
    const browser = document.querySelector<HTMLInputElement>('input[name="language"][value=""]');
    await app.user.click(browser!);
    // The test browser asks for English.
    await vi.waitFor(() => expect(spokenLanguage()).toBe('en'));
    await log.settled();
    expect(puts().map((r) => r.body)).toEqual([{ language: null }]);
    expect(preferencesOf(user.id).language).toBeNull();
    expect(rememberedLanguage()).toBeNull();
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('the language follows the person to every device', () => {
  test('a device that never chose speaks the language of the preferences once they arrive', async () => {
    const { user, token } = createUser({ username: 'amira' });
    storePreferences(user.id, { ...preferencesOf(user.id), language: 'ar' });
    expect(rememberedLanguage()).toBeNull();
    await renderApp('/my-ruminations', { token });
    await vi.waitFor(() => expect(spokenLanguage()).toBe('ar'));
    expect(rememberedLanguage()).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    // Read, never written.
    expect(log.to('/api/account/preferences', 'GET').length).toBeGreaterThan(0);
    expect(puts()).toEqual([]);
  });

  test('a choice reset elsewhere: this device follows its browser again', async () => {
    const { token } = createUser({ username: 'amira' });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    await speakLanguage('es');
    await renderApp('/my-ruminations', { token });
    await vi.waitFor(() => expect(spokenLanguage()).toBe('en'));
    expect(rememberedLanguage()).toBeNull();
    expect(puts()).toEqual([]);
  });
});
