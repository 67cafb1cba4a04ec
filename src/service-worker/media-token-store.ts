import { createStore, get } from 'idb-keyval';
import { MEDIA_TOKEN_DB, MEDIA_TOKEN_KEY, MEDIA_TOKEN_STORE } from './media-credentials';

/**
 * The token the page left for the worker (media-credentials.ts), read anew for each photo request:
 * a sign-out or a new sign-in in any tab counts at once. Null when there is none or it cannot be
 * read (the request then goes with the photo cookie alone).
 */
export function indexedDbMediaToken(): () => Promise<string | null> {
  const store = createStore(MEDIA_TOKEN_DB, MEDIA_TOKEN_STORE);
  return async () => {
    try {
      const token = await get<unknown>(MEDIA_TOKEN_KEY, store);
      return typeof token === 'string' ? token : null;
    } catch {
      return null;
    }
  };
}
