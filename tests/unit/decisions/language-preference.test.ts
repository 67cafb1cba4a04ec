import { describe, expect, it } from 'vitest';
import { updatePreferencesRequest } from '../../../src/api/preferences-schemas';
import {
  defaultPreferences,
  mergePreferences,
  preferencesOnWire,
  recipientLanguage,
} from '../../../src/domain/preferences';

/** The person's language (api-contract.md "Languages"): a preference, and whom we write to in it. */

describe('the language preference', () => {
  it('follows the browser (null) until chosen', () => {
    expect(defaultPreferences().language).toBeNull();
    expect(preferencesOnWire(defaultPreferences()).language).toBeNull();
  });

  it('changes only when a PUT sends it; null follows the browser again', () => {
    const chosen = mergePreferences(
      defaultPreferences(),
      updatePreferencesRequest.parse({ language: 'es' }),
    );
    expect(chosen.language).toBe('es');
    expect(mergePreferences(chosen, { emailDigest: 'daily' }).language).toBe('es');
    expect(mergePreferences(chosen, updatePreferencesRequest.parse({})).language).toBe('es');
    expect(mergePreferences(chosen, { language: 'ar' }).language).toBe('ar');
    expect(
      mergePreferences(chosen, updatePreferencesRequest.parse({ language: null })).language,
    ).toBeNull();
  });

  it('takes only the languages the app speaks, by their code', () => {
    for (const language of ['en', 'es', 'ar', null]) {
      expect(updatePreferencesRequest.safeParse({ language }).success).toBe(true);
    }
    for (const language of ['fr', 'ES', 'es-ES', '', 1]) {
      const parsed = updatePreferencesRequest.safeParse({ language });
      expect(parsed.success, JSON.stringify(language)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['language']]);
    }
  });
});

describe('recipientLanguage', () => {
  it('is the choice, else the language seen at the last sign-in or sign-up, else English', () => {
    expect(recipientLanguage('es', 'ar')).toBe('es');
    expect(recipientLanguage('en', 'ar')).toBe('en');
    expect(recipientLanguage(null, 'ar')).toBe('ar');
    expect(recipientLanguage('ar', null)).toBe('ar');
    expect(recipientLanguage(null, null)).toBe('en');
    expect(recipientLanguage(null, undefined)).toBe('en');
  });
});
