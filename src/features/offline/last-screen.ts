import { useEffect } from 'react';
import { MARKDOWN_PENDING_ATTRIBUTE } from '../../components/ui/note-text';
import { getToken } from '../../lib/token-storage';
import { CACHE_BUSTER } from './cache-buster';
import {
  LAST_SCREEN_KEY,
  LAST_SCREEN_PATHS,
  sessionMarkOf,
  type SavedLastScreen,
} from './last-screen-format';

/** A settled list is saved this long after it painted, and tried again as long while not ready. */
const SAVE_DELAY_MS = 500;
/** Twenty tries: ten seconds, well past the renderer's load (the page idle, within 2 s, then its fetch). */
const SAVE_TRIES = 20;

/** Above this a saved screen costs more to store and parse than it saves (a first page is ~30 KB). */
const LAST_SCREEN_MAX_CHARS = 300_000;

/** What a list's query says about the data it shows. */
interface ListQueryState {
  isSuccess: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
  data?: { pages: unknown[] };
}

/**
 * Saves the page as it is now, for the next visit to paint before any script runs
 * (src/boot/last-screen.js): a signed-in person, on one of the lists worth keeping. The HTML is
 * what the page shows them, kept where the saved query cache is kept, and forgotten with it.
 */
export function saveLastScreen(): 'saved' | 'not-yet' | 'not-kept' {
  const token = getToken();
  const root = document.getElementById('root');
  if (token === null || root === null || !LAST_SCREEN_PATHS.includes(location.pathname)) {
    return 'not-kept';
  }
  // A note whose Markdown is still to be rendered would be painted as its raw text next time.
  if (root.querySelector(`[${MARKDOWN_PENDING_ATTRIBUTE}]`) !== null) return 'not-yet';
  const html = root.innerHTML;
  if (html.length > LAST_SCREEN_MAX_CHARS) return 'not-kept';
  const saved: SavedLastScreen = {
    build: CACHE_BUSTER,
    session: sessionMarkOf(token),
    path: location.pathname + location.search,
    savedAt: Date.now(),
    html,
  };
  try {
    localStorage.setItem(LAST_SCREEN_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or blocked: the next visit starts from the saved query cache instead.
  }
  return 'saved';
}

/** At sign-out, with the saved query cache. */
export function forgetLastScreen(): void {
  try {
    localStorage.removeItem(LAST_SCREEN_KEY);
  } catch {
    // Storage blocked: nothing was saved.
  }
}

/**
 * Saves the screen once a list shows this visit's first page, settled: not the copy an earlier
 * visit saved (that is what would be painted), not while it loads or refreshes, not a longer list
 * (the next visit opens at the top, with one page).
 */
export function useLastScreenSaver(query: ListQueryState): void {
  const settled =
    query.isSuccess &&
    !query.isFetching &&
    query.data?.pages.length === 1 &&
    query.dataUpdatedAt >= performance.timeOrigin;
  useEffect(() => {
    if (!settled) return;
    // After the browser has painted what was rendered (photos' frames, audience lines), and again
    // while notes wait for the Markdown renderer (loaded once the page is idle, within seconds).
    let tries = 0;
    let timer = 0;
    const attempt = () => {
      if (saveLastScreen() === 'not-yet' && ++tries < SAVE_TRIES) {
        timer = window.setTimeout(attempt, SAVE_DELAY_MS);
      }
    };
    timer = window.setTimeout(attempt, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [settled, query.dataUpdatedAt]);
}
