/**
 * What the demo UI (src/features/demo) and the browser mock backend (mocks/browser.ts) agree on:
 * the demo people, their password, and where the demo keeps its store and the emails it "sent".
 * Part of the contract so that the app's demo UI needs no part of the mock backend: keep it free of
 * msw, or the app's bundle would pull it in.
 */

/** Where the browser demo keeps its whole store between reloads. */
export const DEMO_DB_KEY = 'ruminations-demo-db';

export const DEMO_PASSWORD = 'demo-pass';

/** Who each one is, the demo UI says in the language spoken (src/features/demo/demo-credentials.tsx). */
export const DEMO_PEOPLE = [
  { username: 'maya' },
  { username: 'leo' },
  { username: 'sam' },
  { username: 'nora' },
  { username: 'dr_rivera' },
] as const;

export type DemoUsername = (typeof DEMO_PEOPLE)[number]['username'];

export interface DemoEmail {
  to: string;
  subject: string;
  link: string;
  sentAt: string;
}

/**
 * The emails the demo backend "sent" (activation and reset links), newest first, read straight
 * from browser storage so that the app's demo UI needs no part of the mock backend.
 */
export function readDemoOutbox(): DemoEmail[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(DEMO_DB_KEY) ?? 'null') as {
      db?: { outbox?: DemoEmail[] };
    } | null;
    const outbox = parsed?.db?.outbox;
    return Array.isArray(outbox) ? [...outbox].reverse() : [];
  } catch {
    return [];
  }
}
