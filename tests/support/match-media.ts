/**
 * A matchMedia the tests steer: it answers the colour-scheme query with `dark` and the
 * small-screen query with `narrow`, and lets a test flip the system theme while the app runs.
 */
type Listener = (event: MediaQueryListEvent) => void;

interface MediaState {
  dark: boolean;
  narrow: boolean;
}

const state: MediaState = { dark: false, narrow: false };
const lists = new Set<{ query: string; listeners: Set<Listener>; list: MediaQueryList }>();

function matches(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return state.dark;
  if (query.includes('prefers-color-scheme: light')) return !state.dark;
  if (query.includes('max-width')) return state.narrow;
  if (query.includes('min-width')) return !state.narrow;
  return false;
}

export function installMatchMedia(initial: Partial<MediaState> = {}): void {
  state.dark = initial.dark ?? false;
  state.narrow = initial.narrow ?? false;
  lists.clear();
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<Listener>();
    const list = {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
    lists.add({ query, listeners, list });
    return list;
  };
}

/** Changes the simulated system setting and tells every listener, as a browser would. */
export function setSystemMedia(change: Partial<MediaState>): void {
  Object.assign(state, change);
  for (const { query, listeners, list } of lists) {
    const event = { matches: matches(query), media: query } as MediaQueryListEvent;
    for (const listener of listeners) listener.call(list, event);
  }
}
