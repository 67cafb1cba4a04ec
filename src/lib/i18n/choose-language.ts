import type { Language } from '../../api/languages';
import {
  browserLanguage,
  languageChanged,
  LANGUAGE_STORAGE_KEY,
  speakLanguage,
  spokenLanguage,
} from './language';

/**
 * Choosing a language (Settings, or preferences that arrive with one): apart from language.ts,
 * which every first visit loads, since only a signed-in person's screens choose.
 */

/** Remembered on this device, for the first screen of the next visit (language.ts reads it). */
export function rememberLanguage(language: Language | null): void {
  try {
    if (language === null) localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    else localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice still follows the person through preferences.
  }
}

/**
 * The person chose a language in Settings (or their preferences arrived with one): remembered on
 * this device, spoken at once. null follows the browser again.
 */
export async function chooseLanguage(language: Language | null): Promise<void> {
  rememberLanguage(language);
  const next = language ?? browserLanguage();
  if (next === spokenLanguage()) return;
  await speakLanguage(next);
  languageChanged();
}
