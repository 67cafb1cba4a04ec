/**
 * The languages the app speaks (api-contract.md "Languages"): English, whose texts are the spec's
 * word for word and the source of every catalogue, then Spanish and Arabic. The SPA picks one from
 * the browser until the person chooses in Settings; the server and the mock backend answer problem
 * titles in the request's Accept-Language; emails and pushes go out in the recipient's.
 */
export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What each language is called in itself (the Settings choice reads the same in every language). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  ar: 'العربية',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Arabic is written right to left: the whole layout mirrors (`<html dir>`). */
export function textDirection(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The first of `wanted` (language tags, most wanted first: es-ES, ar, en-US) the app speaks; else English. */
export function firstSpoken(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/**
 * The language of an Accept-Language header ("es-ES,es;q=0.9,en;q=0.8"): its tags by q-value,
 * highest first (ties keep their order), the first the app speaks; English without one.
 */
export function languageOfAcceptLanguage(header: string | undefined): Language {
  if (header === undefined || header === '') return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return firstSpoken(ranked.map((entry) => entry.tag));
}
