import { sayIn } from '../src/api/english-messages';
import { languageOfAcceptLanguage, type Language } from '../src/api/languages';
import { sayInEnglish, type Say } from '../src/api/say';
import { CATALOGUES } from '../src/locales/catalogues';

/**
 * The mock backend's words in the request's language, as the server's (server/i18n/say-for.ts):
 * problems and messages are written in English and answered in the language of the request's
 * Accept-Language (the SPA sends the one it speaks: src/lib/http.ts), by the compiled catalogues.
 * A catalogue is loaded the first time a request asks for its language, so the demo loads none
 * while it speaks English.
 */

const loaded = new Map<Language, Say>([['en', sayInEnglish]]);

export async function sayForLanguage(language: Language): Promise<Say> {
  const known = loaded.get(language);
  if (known !== undefined) return known;
  const say = sayIn(await CATALOGUES[language as Exclude<Language, 'en'>](), language);
  loaded.set(language, say);
  return say;
}

export function requestLanguage(request: Request): Language {
  return languageOfAcceptLanguage(request.headers.get('Accept-Language') ?? undefined);
}

export function sayForRequest(request: Request): Promise<Say> {
  return sayForLanguage(requestLanguage(request));
}
