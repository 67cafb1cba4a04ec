import type { FastifyReply, FastifyRequest } from 'fastify';
import { sayIn, type Catalogue } from '../../src/api/english-messages';
import { languageOfAcceptLanguage, type Language } from '../../src/api/languages';
import { sayInEnglish, type Say } from '../../src/api/say';
import es from '../../src/locales/es.json';
import ar from '../../src/locales/ar.json';
import { addVary } from '../http/vary';

/**
 * The server's words in a language (api-contract.md "Languages"): what the shared layer and the
 * server write in English (problems, emails, pushes) said by the compiled catalogues
 * (src/locales/<language>.json, `npm run i18n`), English where an entry is missing. A request is
 * answered in its Accept-Language's language; emails and pushes go out in the recipient's
 * (recipient-language.ts).
 */
const SAYS: Readonly<Record<Language, Say>> = {
  en: sayInEnglish,
  es: sayIn(es.messages as unknown as Catalogue, 'es'),
  ar: sayIn(ar.messages as unknown as Catalogue, 'ar'),
};

export function sayFor(language: Language): Say {
  return SAYS[language];
}

/** The language a request is answered in: its Accept-Language's, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return languageOfAcceptLanguage(request.headers['accept-language']);
}

/**
 * The `Say` of a request's language, its answer marked as varying by Accept-Language (a cache
 * must not give a Spanish answer to an Arabic request).
 */
export function sayForRequest(request: FastifyRequest, reply: FastifyReply): Say {
  addVary(reply, 'accept-language');
  return sayFor(requestLanguage(request));
}
