import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { WriteReminderPayload } from '../../../src/api/push-schemas';
import { localDateOf, localDayBounds } from '../../../src/domain/local-days';
import {
  decideReminder,
  nextReminderAt,
  reminderBody,
  WRITE_REMINDER_KIND,
  writeReminderTitle,
} from '../../../src/domain/write-reminders';
import type { Language } from '../../../src/api/languages';
import { recipientLanguage } from '../../i18n/recipient-language';
import { sayFor } from '../../i18n/say-for';
import type { Database } from '../../db/schema';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { REMINDER_PURPOSE, unsubscribeKey, unsubscribeToken } from '../digests/digest-tokens';
import { reminderEmail } from './reminder-email';
import {
  claimReminderDay,
  findReminderPerson,
  onThisDayCounts,
  peopleDueReminder,
  queueReminderPush,
  releaseReminderDay,
  setNextReminder,
  wroteBetween,
} from './reminder-queries';
import { inTurnPerDatabase, repeatInBackground } from '../../background-tasks';

/**
 * The reminders' run (api-contract.md "Memories", reminders). Every instance runs it every
 * config.reminderIntervalMs (30 s: a reminder goes within a minute of its time). Each run reads
 * only the people whose `next_reminder_at` has come (migration 0027), and for each, in one
 * transaction: loads the facts, asks decideReminder (src/domain/write-reminders.ts), claims the
 * day (reminder_claims' primary key: the instance whose insert wins sends, the others find it
 * claimed), queues one Web Push message per device into push_outbox (the push sender of any
 * instance sends them, retries included) or, without a device, sends the email, and stores the
 * next instant. A day they already wrote on is claimed as 'skipped', without a message.
 */

/** People read per page of those due. */
const PEOPLE_PAGE = 100;

export interface ReminderDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  appUrl: string;
  log?: FastifyBaseLogger;
  /** Wakes this instance's push sender once messages are queued (else its poll finds them). */
  wakePush?: () => void;
}

export type ReminderOutcome = 'push' | 'email' | 'skipped' | 'none';

/**
 * The decrypted payload of a reminder's push, and the email's line: counts only, in the person's
 * language (`body` already is: reminderBody with the same language's say).
 */
export function reminderPayload(
  body: string | null,
  language: Language = 'en',
): WriteReminderPayload {
  return {
    kind: WRITE_REMINDER_KIND,
    title: writeReminderTitle(sayFor(language)),
    body,
    ...(language === 'en' ? {} : { lang: language }),
  };
}

/**
 * One person's reminder at `now`. The email is sent inside the transaction on PostgreSQL (as the
 * digests are, digest-run.ts): a send that fails rolls the claim back and the next run tries again,
 * and another instance waits on the claim's key meanwhile instead of sending too. SQLite (one
 * process, one connection a transaction would hold for every request while the mail server
 * answers) commits the claim first, sends after, and gives the claim back if the send fails.
 */
async function remindPerson(
  deps: ReminderDeps,
  userId: number,
  now: number,
): Promise<ReminderOutcome> {
  const pg = deps.db.getExecutor().adapter instanceof PostgresAdapter;
  const nowIso = new Date(now).toISOString();
  let mailAfterCommit: { message: MailMessage; date: string } | undefined;
  const outcome = await deps.db.transaction().execute(async (trx): Promise<ReminderOutcome> => {
    const person = await findReminderPerson(trx, userId);
    if (person === undefined) {
      await setNextReminder(trx, userId, null);
      return 'none';
    }
    const { zone, reminder } = person;
    const today = localDateOf(now, zone);
    const bounds = localDayBounds(today, zone);
    const decision = decideReminder({
      now,
      zone,
      reminder,
      lastClaimedDate: person.lastClaimedDate,
      // Asked only when a reminder could ring: most runs of a person stop above.
      wroteToday:
        reminder.time !== null &&
        person.lastClaimedDate !== today &&
        (await wroteBetween(trx, userId, bounds.start, bounds.end)),
    });
    if (decision.action === 'wait') {
      await setNextReminder(
        trx,
        userId,
        nextReminderAt(zone, reminder, now, person.lastClaimedDate),
      );
      return 'none';
    }
    const channel =
      decision.action === 'skip' ? 'skipped' : person.hasPush ? 'push' : ('email' as const);
    const won = await claimReminderDay(trx, userId, decision.date, channel, nowIso);
    if (!won) return 'none';
    await setNextReminder(trx, userId, nextReminderAt(zone, reminder, now, decision.date));
    if (channel === 'skipped') return 'skipped';
    const language = await recipientLanguage(trx, userId);
    const counts = await onThisDayCounts(trx, userId, decision.date, zone);
    const body = reminderBody(counts, sayFor(language));
    if (channel === 'push') {
      // Due at once on the sender's clock, the real one (a test's run decides on its own clock).
      const payload = JSON.stringify(reminderPayload(body, language));
      await queueReminderPush(trx, userId, payload, new Date().toISOString());
      return 'push';
    }
    const message = reminderEmail({
      appUrl: deps.appUrl,
      to: person.email,
      displayName: person.displayName,
      body,
      language,
      unsubscribeToken: unsubscribeToken(await unsubscribeKey(deps.db), userId, REMINDER_PURPOSE),
    });
    if (pg) await deps.mailer.send(message);
    else mailAfterCommit = { message, date: decision.date };
    return 'email';
  });
  if (mailAfterCommit !== undefined) {
    try {
      await deps.mailer.send(mailAfterCommit.message);
    } catch (error) {
      await releaseReminderDay(deps.db, userId, mailAfterCommit.date);
      await setNextReminder(deps.db, userId, now);
      throw error;
    }
  }
  return outcome;
}

async function runReminders(deps: ReminderDeps, now: number): Promise<ReminderOutcome[]> {
  const outcomes: ReminderOutcome[] = [];
  const nowIso = new Date(now).toISOString();
  // Read before any transaction: the first read of a deployment writes it (sharedServerKey).
  let keyRead = false;
  let after = 0;
  for (;;) {
    const people = await peopleDueReminder(deps.db, nowIso, after, PEOPLE_PAGE);
    if (people.length > 0 && !keyRead) {
      await unsubscribeKey(deps.db);
      keyRead = true;
    }
    for (const userId of people) {
      try {
        outcomes.push(await remindPerson(deps, userId, now));
      } catch (error) {
        // One address the mail server refuses must not hold back everyone after it.
        deps.log?.error({ err: error, userId }, 'Reminder not sent; tried again next run');
      }
    }
    if (outcomes.includes('push')) deps.wakePush?.();
    const last = people.at(-1);
    if (last === undefined || people.length < PEOPLE_PAGE) break;
    after = last;
  }
  return outcomes;
}

const inTurn = inTurnPerDatabase<ReminderOutcome[]>();

/**
 * Settles every reminder due at `now` (a test passes its own clock) and answers what became of
 * each person looked at. A call while another of this process runs waits for it.
 */
export function sendDueReminders(
  deps: ReminderDeps,
  now: number = Date.now(),
): Promise<ReminderOutcome[]> {
  return inTurn(deps.db, () => runReminders(deps, now));
}

/** Runs the reminders when the app is ready and every reminderIntervalMs, until it closes. */
export function scheduleReminders(app: FastifyInstance): void {
  const deps: ReminderDeps = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    log: app.log,
    wakePush: () => app.pushSender.wake(),
  };
  repeatInBackground(app, 'reminders', app.config.reminderIntervalMs, async () => {
    const outcomes = await sendDueReminders(deps);
    const sent = outcomes.filter((o) => o === 'push' || o === 'email').length;
    if (sent > 0) app.log.info({ sent }, 'Reminders to write sent');
  });
}
