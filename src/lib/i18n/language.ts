import { firstSpoken, isLanguage, textDirection, type Language } from '../../api/languages';
import { CATALOGUES } from '../../locales/catalogues';
import { sayInEnglish, type Say } from '../../api/say';
import { activate, i18n } from './runtime';

/**
 * The language the SPA speaks (api-contract.md "Languages"): the person's choice (preferences
 * `language`, remembered on this device so that the first screen already speaks it), else the
 * first of the browser's languages the app has, else English. Spanish and Arabic download their
 * compiled catalogue, and nothing else, before the first render; English downloads nothing.
 */
export const LANGUAGE_STORAGE_KEY = 'ruminations-language';

/** The shared layer's English (a form's message, an audience's name) in the language spoken. */
let sharedSay: Say = sayInEnglish;

/** The person's remembered choice on this device; null follows the browser. */
export function rememberedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function browserLanguage(): Language {
  return firstSpoken(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

/** The language to speak now: the remembered choice, else the browser's. */
export function currentChoice(): Language {
  return rememberedLanguage() ?? browserLanguage();
}

/** Loads `language`'s catalogue (none for English) and speaks it; `<html lang dir>` follow. */
export async function speakLanguage(language: Language): Promise<void> {
  if (language === 'en') {
    activate('en', {});
    sharedSay = sayInEnglish;
  } else {
    const [messages, { sayIn, englishId }] = await Promise.all([
      CATALOGUES[language](),
      import('../../api/english-messages'),
    ]);
    activate(language, messages, englishId);
    sharedSay = sayIn(messages, language);
  }
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

/** The language spoken now. */
export function spokenLanguage(): Language {
  return i18n.locale;
}

/**
 * What the shared layer wrote in English (a zod message, a problem title the mock or an old server
 * sent, `relationTypeLabel(type)`), or a `say` sentence, in the language spoken: pass it as the
 * `say` of src/domain's word functions.
 */
export const sayShared: Say = (english, values) => sharedSay(english, values);

const listeners = new Set<() => void>();

/** Called after every change of the language spoken (src/main.tsx renders the app again). */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners that another language is spoken (choose-language.ts). */
export function languageChanged(): void {
  for (const listener of listeners) listener();
}
