/**
 * The access token lives in localStorage under the key `token` (spec section 3), so a reload or a
 * second tab keeps the session. Listeners let the auth state follow changes made anywhere.
 * In the demo (the mock backend in the browser, `--mode demo`) it lives in sessionStorage instead:
 * each tab is a session of its own, so two demo people can sit in two tabs of one browser while
 * the mock's data, in localStorage, is shared; each sees what the other does, live. A production
 * build leaves this choice out entirely (the mode is known when building).
 */
export const TOKEN_KEY = 'token';

/** Where a session's own entries live: the token, and what is known of its terms (auth-session.ts). */
export function sessionStore(): Storage {
  return import.meta.env.MODE === 'demo' ? sessionStorage : localStorage;
}

type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  try {
    return sessionStore().getItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); then nobody is signed in.
    return null;
  }
}

export function setToken(token: string): void {
  sessionStore().setItem(TOKEN_KEY, token);
  notifyStorageChange();
}

export function clearToken(): void {
  try {
    sessionStore().removeItem(TOKEN_KEY);
  } finally {
    notifyStorageChange();
  }
}

/** Calls `listener` whenever the stored session changes, in this tab or another one. */
export function subscribeToStorage(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function notifyStorageChange(): void {
  for (const listener of listeners) listener();
}
