/**
 * The access token lives in localStorage under the key `token` (spec section 3), so a reload or a
 * second tab keeps the session. Listeners let the auth state follow changes made anywhere.
 */
export const TOKEN_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); then nobody is signed in.
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  notifyStorageChange();
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
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
