/**
 * Changes with every build (vite.config.ts), so a new build never reads what an old build saved:
 * the query cache (offline-persistence.ts) and the last screen (last-screen.ts). Apart, so that
 * the first visit's code can read it without the persistence rules.
 */
export const CACHE_BUSTER: string = String(import.meta.env.VITE_BUILD_ID ?? 'dev');
