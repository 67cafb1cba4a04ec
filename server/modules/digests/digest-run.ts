import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { decideDigest } from '../../../src/domain/email-digest';
import type { Database } from '../../db/schema';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { toNotification } from '../notifications/notification-wire';
import { recipientLanguage } from '../../i18n/recipient-language';
import { digestEmail } from './digest-message';
import {
  findDigestPerson,
  peopleWithDigest,
  recordDigest,
  unreadVisibleAfter,
} from './digest-queries';
import { unsubscribeKey, unsubscribeToken } from './digest-tokens';
import { inTurnPerDatabase, repeatInBackground } from '../../background-tasks';

/**
 * The email digests' run (api-contract.md "Reach them when the app is closed"): for each person
 * with `emailDigest` daily or weekly, the facts are loaded, decideDigest (src/domain/email-digest.ts)
 * says whether one is due, and a due one is sent and recorded. Runs when the app is ready and every
 * DIGEST_INTERVAL_MS; the period (a day, a week) is the rule's, the interval only how soon after a
 * period ends the email goes.
 */

/** The settings that send a digest, each read in its own pass over the index. */
const DIGEST_SETTINGS = ['daily', 'weekly'] as const;

/** People read per page of the list of those with a digest on. */
const PEOPLE_PAGE = 100;

/**
 * Notifications one digest takes at most (a person back after months); the rest are newer, and the
 * next digest tells them.
 */
export const DIGEST_NOTIFICATIONS_MAX = 500;

/**
 * The class of PostgreSQL's two-key advisory lock a person's digest is decided under (the second
 * key is their id): a number fixed for this job, as TRASH_SWEEP_LOCK_KEY is for the trash's (the
 * one-key and two-key spaces do not overlap).
 */
export const DIGEST_LOCK_CLASS = 240_026;

export interface DigestDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  appUrl: string;
  log?: FastifyBaseLogger;
}

/** A due digest: the email, and the newest notification it lists. */
interface DueDigest {
  message: MailMessage;
  newestId: number;
}

async function dueDigest(
  deps: DigestDeps,
  key: Buffer,
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<DueDigest | undefined> {
  const person = await findDigestPerson(db, userId);
  if (person === undefined || person.setting === 'off') return undefined;
  const rows = await unreadVisibleAfter(
    db,
    userId,
    person.lastNotificationId,
    DIGEST_NOTIFICATIONS_MAX,
  );
  const decision = decideDigest({
    setting: person.setting,
    lastSentTMS: person.lastSentTMS,
    unreadSinceLast: rows.length,
    now,
  });
  const newest = rows.at(-1);
  if (decision === 'wait' || newest === undefined) return undefined;
  return {
    message: digestEmail({
      language: await recipientLanguage(db, userId),
      appUrl: deps.appUrl,
      to: person.email,
      displayName: person.displayName,
      setting: person.setting,
      recipientId: userId,
      notifications: rows.map(toNotification),
      unsubscribeToken: unsubscribeToken(key, userId),
    }),
    newestId: newest.id,
  };
}

/**
 * One person's digest, if due; answers whether it went out.
 *
 * PostgreSQL (any number of instances): decided, recorded and sent in one transaction under the
 * person's advisory lock, taken with try (an instance that does not get it leaves the person to
 * the one that has it). The send is inside the transaction on purpose: a send that fails rolls
 * the record back, so the digest is tried again at the next run instead of being lost; and no
 * other instance can decide for the person until the record has committed, so two instances never
 * send one period twice. A transaction (a pooled connection, the person's lock, their user row
 * FOR SHARE so that an erasure waits) held for one SMTP exchange is cheap beside either failure.
 * The one window left is a commit that fails after the mail server took the message: that period
 * may then be sent twice; losing a digest silently would be worse.
 *
 * SQLite (one process, and one connection that a transaction would hold for every request of the
 * app while the mail server answers): decided, sent, then recorded, with no transaction around the
 * send. Runs never overlap in the process (sendDueDigests chains them), so the decision cannot
 * race; a failed send records nothing and is tried again at the next run.
 */
async function digestPerson(
  deps: DigestDeps,
  key: Buffer,
  userId: number,
  now: Date,
): Promise<boolean> {
  const sentTMS = now.toISOString();
  if (!(deps.db.getExecutor().adapter instanceof PostgresAdapter)) {
    const due = await dueDigest(deps, key, deps.db, userId, now);
    if (due === undefined) return false;
    await deps.mailer.send(due.message);
    await recordDigest(deps.db, userId, sentTMS, due.newestId);
    return true;
  }
  return deps.db.transaction().execute(async (trx) => {
    const lock = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${DIGEST_LOCK_CLASS}, ${userId}) as locked`.execute(trx);
    if (lock.rows[0]?.locked !== true) return false;
    const due = await dueDigest(deps, key, trx, userId, now);
    if (due === undefined) return false;
    await recordDigest(trx, userId, sentTMS, due.newestId);
    await deps.mailer.send(due.message);
    return true;
  });
}

async function runDigests(deps: DigestDeps, now: Date): Promise<number> {
  let sent = 0;
  let key: Buffer | undefined;
  for (const setting of DIGEST_SETTINGS) {
    let after = 0;
    for (;;) {
      const people = await peopleWithDigest(deps.db, setting, after, PEOPLE_PAGE);
      // Read before any transaction: the first read of a deployment writes it (sharedServerKey).
      if (people.length > 0) key ??= await unsubscribeKey(deps.db);
      for (const userId of people) {
        try {
          if (key !== undefined && (await digestPerson(deps, key, userId, now))) sent += 1;
        } catch (error) {
          // One address the mail server refuses must not hold back everyone after it.
          deps.log?.error({ err: error, userId }, 'Email digest not sent; tried again next run');
        }
      }
      const last = people.at(-1);
      if (last === undefined || people.length < PEOPLE_PAGE) break;
      after = last;
    }
  }
  return sent;
}

const inTurn = inTurnPerDatabase<number>();

/**
 * Sends every digest due at `now` and answers how many went out. A call while another of this
 * process on the same database runs waits for it, then runs (and finds sent what it sent).
 */
export function sendDueDigests(deps: DigestDeps, now: Date = new Date()): Promise<number> {
  return inTurn(deps.db, () => runDigests(deps, now));
}

/** Runs the digests when the app is ready and every DIGEST_INTERVAL_MS, until it closes. */
export function scheduleDigests(app: FastifyInstance): void {
  const deps: DigestDeps = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    log: app.log,
  };
  repeatInBackground(app, 'email digests', app.config.digestIntervalMs, async () => {
    const sent = await sendDueDigests(deps);
    if (sent > 0) app.log.info({ sent }, 'Email digests sent');
  });
}
