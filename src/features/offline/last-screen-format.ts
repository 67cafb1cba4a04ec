/**
 * The last screen a signed-in person saw, saved as the page showed it so that their next visit
 * paints it before any of the app's code has run (src/boot/last-screen.js restores it,
 * last-screen.ts saves and forgets it). Plain constants: the build fills them into the boot script
 * (build/inline-boot-scripts.ts).
 */
export const LAST_SCREEN_KEY = 'last-screen';

/** The screens worth keeping: the lists a person opens the app to. */
export const LAST_SCREEN_PATHS = ['/my-feed', '/my-ruminations', '/public'];

/**
 * Saved data older than this is not shown: the saved query cache (offline-persistence.ts, also
 * the queries' gcTime, see query-client.ts) and the last screen alike. Here, with no imports, so
 * that the build can read it.
 */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The end of the token it was saved under (its signature's): a screen is shown only in the same
 * session, and the token itself is not copied.
 */
export const SESSION_MARK_LENGTH = 16;
export const sessionMarkOf = (token: string): string => token.slice(-SESSION_MARK_LENGTH);

export interface SavedLastScreen {
  /** The build that drew it (VITE_BUILD_ID): another build's markup may not fit its styles. */
  build: string;
  session: string;
  path: string;
  savedAt: number;
  html: string;
}
