import type { Catalogue } from '../api/english-messages';
import type { Language } from '../api/languages';

/**
 * The compiled catalogues (`npm run i18n`), each loaded when its language is first spoken; English
 * has none. The SPA (src/lib/i18n/language.ts) and the mock backend (mocks/i18n.ts) load them
 * here; the server, which answers synchronously, imports them at start (server/i18n/say-for.ts).
 */
export const CATALOGUES: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Catalogue>>> = {
  es: async () => (await import('./es.json')).default.messages as Catalogue,
  ar: async () => (await import('./ar.json')).default.messages as Catalogue,
};
