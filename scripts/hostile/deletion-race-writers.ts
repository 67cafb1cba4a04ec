/**
 * What both deletion races (deletion-race.ts, deletion-race-settings.ts) do alike: RACE_WRITERS
 * requests of one account keep writing until its deletion has been answered, and every answer is
 * put on one clock with the deletion's, so that a write acknowledged after it shows.
 */
import type { Account } from '../support/accounts';
import { RACE_WRITERS } from './fuzz-options';
import { unanswered } from './fuzz-send';
import { signedInJson as headers } from './fuzz-world';

/** What a token that opens nothing is answered (request-auth.ts). */
export const DEAD_TOKEN = 'The access token is invalid or has expired';

export interface RaceAnswer<Kind extends string> {
  kind: Kind;
  status: number | string;
  title: string | undefined;
  /** Arrival order, on one clock with the deletion's answer. */
  at: number;
}

export interface RaceWrite<Kind extends string> {
  kind: Kind;
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sees each answered write's status and body (an id to remove the next turn, say). */
  answered?: (status: number, json: { id?: number; title?: string }) => void;
}

/**
 * Runs the writers (each asks `next` for its next write: its index, and how many answers came
 * so far) and, once each has been answered twice, deletes the account; returns every answer,
 * the deletion's status and its place on the clock.
 */
export async function raceWritersWithDeletion<Kind extends string>(
  base: string,
  leaver: Account,
  next: (writer: number, answered: number) => RaceWrite<Kind>,
): Promise<{ answers: RaceAnswer<Kind>[]; deletionStatus: number; deletedAt: number }> {
  let clock = 0;
  let deleted = false;
  const answers: RaceAnswer<Kind>[] = [];

  const writer = async (index: number) => {
    while (!deleted) {
      const write = next(index, answers.length);
      let status: number | string;
      let title: string | undefined;
      try {
        const res = await fetch(`${base}${write.url}`, {
          method: write.method,
          headers: headers(leaver, write.headers),
          body: write.body === undefined ? undefined : JSON.stringify(write.body),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        const text = await res.text();
        const json = text ? (JSON.parse(text) as { id?: number; title?: string }) : {};
        title = res.ok ? undefined : json.title;
        write.answered?.(status, json);
      } catch (error) {
        status = unanswered(error);
      }
      clock += 1;
      answers.push({ kind: write.kind, status, title, at: clock });
      if (status === 401 || typeof status === 'string') return;
    }
  };

  const writers = Array.from({ length: RACE_WRITERS }, (_, i) => writer(i));
  while (answers.length < RACE_WRITERS * 2) await new Promise((r) => setTimeout(r, 2));
  const deletion = await fetch(`${base}/api/account`, {
    method: 'DELETE',
    headers: headers(leaver),
    body: JSON.stringify({ password: leaver.password }),
    signal: AbortSignal.timeout(10_000),
  });
  await deletion.text();
  clock += 1;
  const deletedAt = clock;
  deleted = true;
  await Promise.all(writers);
  return { answers, deletionStatus: deletion.status, deletedAt };
}
