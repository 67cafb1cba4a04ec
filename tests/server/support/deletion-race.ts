import type { LightMyRequestResponse as Response } from 'fastify';
import { call, type Person } from '../ruminations-support';
import type { TestApp } from './test-app';

/** One write's answer in a race with the deletion of its person's account. */
export interface RaceAnswer<Kind extends string> {
  kind: Kind;
  status: number;
  title: string | undefined;
  /** The WWW-Authenticate challenge, when the answer has one. */
  challenge: string | undefined;
  /** When the answer arrived, on one clock shared with the deletion's answer. */
  at: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * api-contract.md "My account": `writers` writers keep writing as `leaver` (each asks `write` for
 * its next write, with its index and how many answers came so far) until one is answered 401;
 * once `startAfter` answers have come, so that every writer is under way, the account is deleted.
 * Every answer and the deletion's are put on one clock, so that a write acknowledged after the
 * deletion answered shows. Shared by the erasure races of notes and of settings.
 */
export async function raceWritesWithDeletion<Kind extends string>(
  t: TestApp,
  leaver: Person & { password: string },
  options: {
    writers: number;
    startAfter: number;
    write: (writer: number, answered: number) => Promise<{ kind: Kind; res: Response }>;
  },
): Promise<{ deletion: Response; deletedAt: number; answers: RaceAnswer<Kind>[] }> {
  let clock = 0;
  let deleted = false;
  const answers: RaceAnswer<Kind>[] = [];

  async function writer(index: number): Promise<void> {
    while (!deleted) {
      const { kind, res } = await options.write(index, answers.length);
      clock += 1;
      const body = res.statusCode >= 400 ? res.json<{ title?: string }>() : undefined;
      const challenge = res.headers['www-authenticate'];
      answers.push({
        kind,
        status: res.statusCode,
        title: body?.title,
        challenge: typeof challenge === 'string' ? challenge : undefined,
        at: clock,
      });
      if (res.statusCode === 401) return;
    }
  }

  const writers = Array.from({ length: options.writers }, (_, i) => writer(i));
  while (answers.length < options.startAfter) await pause(2);
  const deletion = await call(t, 'DELETE', '/api/account', {
    as: { id: leaver.id, username: leaver.username, token: leaver.token },
    body: { password: leaver.password },
  });
  clock += 1;
  const deletedAt = clock;
  deleted = true;
  await Promise.all(writers);
  return { deletion, deletedAt, answers };
}
