import {
  clearToken,
  getToken,
  sessionStore,
  notifyStorageChange,
  setToken,
  subscribeToStorage,
} from '../../lib/token-storage';
import type { LoginResponse } from '../../api/auth-schemas';
import { forgetMediaCredentials, shareTokenWithWorker } from '../photos/media-credentials';

/** What the login response said about the terms, kept beside the token so a reload keeps it. */
export const TOS_STATE_KEY = 'tosAcceptance';

export interface AuthSnapshot {
  token: string | null;
  isAuthenticated: boolean;
  latestTosVersion: string | null;
  requiresTosAcceptance: boolean;
}

interface StoredTosState {
  requiresTosAcceptance: boolean;
  latestTosVersion: string | null;
}

function readTosState(raw: string | null): StoredTosState {
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<StoredTosState>;
      return {
        requiresTosAcceptance: parsed.requiresTosAcceptance === true,
        latestTosVersion:
          typeof parsed.latestTosVersion === 'string' ? parsed.latestTosVersion : null,
      };
    } catch {
      // A damaged entry counts as "nothing known"; the status check corrects it.
    }
  }
  return { requiresTosAcceptance: false, latestTosVersion: null };
}

function readRawTosState(): string | null {
  try {
    return sessionStore().getItem(TOS_STATE_KEY);
  } catch {
    return null;
  }
}

/**
 * The signed-in state, read live from browser storage. The router context holds this object, so
 * route guards always see the current state, even right after a sign-in in the same event.
 */
export class AuthSession {
  private cached: { token: string | null; tos: string | null; snapshot: AuthSnapshot } | null =
    null;

  /** Whether this session's photo credentials were let go already (signOut, then its listeners). */
  private mediaCredentialsForgotten = false;

  constructor() {
    // The service worker adds the token to photo requests; it learns it at every start of the
    // app, so a session that began before it (or before this build) has it too.
    const token = getToken();
    if (token !== null) void shareTokenWithWorker(token);
  }

  get token(): string | null {
    return getToken();
  }

  get isAuthenticated(): boolean {
    return this.token !== null;
  }

  get latestTosVersion(): string | null {
    return this.isAuthenticated ? readTosState(readRawTosState()).latestTosVersion : null;
  }

  get requiresTosAcceptance(): boolean {
    return this.isAuthenticated && readTosState(readRawTosState()).requiresTosAcceptance;
  }

  /** A stable object for useSyncExternalStore: the same reference until storage changes. */
  getSnapshot = (): AuthSnapshot => {
    const token = getToken();
    const tos = readRawTosState();
    if (this.cached && this.cached.token === token && this.cached.tos === tos) {
      return this.cached.snapshot;
    }
    const state = readTosState(tos);
    const snapshot: AuthSnapshot = {
      token,
      isAuthenticated: token !== null,
      latestTosVersion: token === null ? null : state.latestTosVersion,
      requiresTosAcceptance: token !== null && state.requiresTosAcceptance,
    };
    this.cached = { token, tos, snapshot };
    return snapshot;
  };

  subscribe = (listener: () => void): (() => void) => subscribeToStorage(listener);

  /**
   * Work of a later feature that needs the token once more at sign-out, run by logout before the
   * token goes (src/app adds this device's push subscription's removal).
   */
  readonly signOutTasks = new Set<() => Promise<void>>();

  /**
   * Runs the sign-out tasks (each failure logged; none keeps anybody signed in). Sign-out runs them
   * before the token goes; "Sign out everywhere" before it revokes every token; a session the
   * server ended runs them too, so a browser keeps no push subscription of a person gone from it.
   */
  async runSignOutTasks(): Promise<void> {
    await Promise.all([...this.signOutTasks].map((task) => task().catch(console.error)));
    // Ended by the server (or by another tab), the token is gone already and signOut does not
    // run here: the photo credentials go now.
    if (getToken() === null && !this.mediaCredentialsForgotten) {
      this.mediaCredentialsForgotten = true;
      await forgetMediaCredentials(null);
    }
  }

  signIn(response: LoginResponse): void {
    this.writeTosState({
      requiresTosAcceptance: response.requiresTosAcceptance,
      latestTosVersion: response.latestTosVersion,
    });
    setToken(response.accessToken);
    this.mediaCredentialsForgotten = false;
    void shareTokenWithWorker(response.accessToken);
  }

  updateTosAcceptance(requiresAcceptance: boolean, latestVersion?: string | null): void {
    const current = readTosState(readRawTosState());
    this.writeTosState({
      requiresTosAcceptance: requiresAcceptance,
      latestTosVersion: latestVersion === undefined ? current.latestTosVersion : latestVersion,
    });
    notifyStorageChange();
  }

  signOut(): void {
    const token = getToken();
    try {
      sessionStore().removeItem(TOS_STATE_KEY);
    } finally {
      clearToken();
      // Once the token is gone: no request started after this sets the photo cookie again.
      this.mediaCredentialsForgotten = true;
      void forgetMediaCredentials(token);
    }
  }

  private writeTosState(state: StoredTosState): void {
    sessionStore().setItem(TOS_STATE_KEY, JSON.stringify(state));
  }
}
