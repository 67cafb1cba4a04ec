import { expect } from 'vitest';
import type { Mailer, MailMessage } from '../../server/mail/mailer';
import type { DigestDeps } from '../../server/modules/digests/digest-run';
import type { Preferences } from '../../src/api/preferences-schemas';
import { call, writeRumination, type Person } from './ruminations-support';
import type { TestApp } from './support/test-app';
import { insertActiveUser } from './support/test-users';

/**
 * Shared arrangement for the tests of the email digests (email-digest*.test.ts): a clock of each
 * test's own, people with a digest, and readers of the digests they got.
 */

export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;
export const APP_URL = 'http://app.test';

let clockBase = Date.now();

/**
 * A point in time after every run of the tests before: `at(ms)` is that much later. The runs are
 * called with a `now` of their own, no timers. The tests of a file share one app, so each takes a
 * clock of its own far after the previous test's: a run of a later test may send an earlier test's
 * people their digests, never the reverse.
 */
export function newClock(): (ms: number) => Date {
  clockBase += 1000 * DAY;
  const base = clockBase;
  return (ms) => new Date(base + ms);
}

/** The sentences a digest lists ("- Bob commented on your rumination"). */
export function sentences(message: MailMessage | undefined): string[] {
  return (message?.text ?? '')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
}

/** The one-click address of a digest's List-Unsubscribe header, as a path with its query. */
export function oneClickPath(message: MailMessage | undefined): string {
  const header = message?.headers?.['List-Unsubscribe'] ?? '';
  const url = /^<(.+)>$/.exec(header)?.[1];
  if (url === undefined) throw new Error(`No List-Unsubscribe URL in "${header}"`);
  const parsed = new URL(url);
  expect(parsed.origin).toBe(APP_URL);
  return `${parsed.pathname}${parsed.search}`;
}

let counter = 0;

/** The helpers that act on a file's app `t` (filled in once it is ready, as setUpTestApp does). */
export function digestHelpers(t: TestApp) {
  function deps(mailer: Mailer = t.mailer): DigestDeps {
    return { db: t.db, mailer, appUrl: APP_URL };
  }

  async function someone(displayName?: string): Promise<Person & { email: string }> {
    counter += 1;
    const username = `dg${counter}_${Math.random().toString(36).slice(2, 8)}`;
    const { id, token } = await insertActiveUser(t.db, t.app.jwtSecret, {
      username,
      ...(displayName === undefined ? {} : { displayName }),
    });
    return { id, username, token, email: `${username}@example.test` };
  }

  async function setDigest(as: Person, emailDigest: 'off' | 'daily' | 'weekly'): Promise<void> {
    const res = await call(t, 'PUT', '/api/account/preferences', { as, body: { emailDigest } });
    expect(res.statusCode).toBe(200);
  }

  async function comment(as: Person, ruminationId: number, content: string): Promise<number> {
    const res = await call(t, 'POST', '/api/comments', { as, body: { ruminationId, content } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  /** The digests `to` got, in order. */
  function digestsTo(to: { email: string }): MailMessage[] {
    return t.mailer.sent.filter((m) => m.to === to.email && m.headers?.['List-Unsubscribe']);
  }

  async function digestSetting(as: Person): Promise<Preferences['emailDigest']> {
    const res = await call(t, 'GET', '/api/account/preferences', { as });
    return res.json<Preferences>().emailDigest;
  }

  /** A writer with a digest, and a note of theirs another person comments on. */
  async function writerWithDigest(setting: 'daily' | 'weekly' = 'daily') {
    const me = await someone('Ann Writer');
    const bob = await someone('Bob Commenter');
    await setDigest(me, setting);
    const secret = `private words ${Math.random().toString(36).slice(2)}`;
    const note = await writeRumination(t, me, { content: secret });
    return { me, bob, note, secret };
  }

  return { deps, someone, setDigest, comment, digestsTo, digestSetting, writerWithDigest };
}
