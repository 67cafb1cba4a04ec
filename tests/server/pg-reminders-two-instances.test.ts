import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import type { MailMessage } from '../../server/mail/mailer';
import { sendDueReminders } from '../../server/modules/reminders/reminder-run';
import { nextReminderAt } from '../../src/domain/write-reminders';
import { createMemoryMailer } from './support/memory-mailer';
import { createEmptyPostgresDatabase, testPostgresUrl } from './support/test-database';
import { insertActiveUser } from './support/test-users';

/**
 * Reminders to write with two instances over one PostgreSQL (api-contract.md "Memories": one per
 * person and day across every instance), across a change of clocks: on 29 March 2026 Madrid goes
 * from 02:00 CET to 03:00 CEST (01:00 UTC), so a reminder at 02:30 that day rings at 03:00 local.
 * Two handles of their own (two pools, as two instances have) run the job at the same instants of
 * a test clock, minute by minute through that night, each with a slow mail server so that their
 * runs overlap person by person.
 */

const adminUrl = testPostgresUrl();
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
const REMINDER = { time: '02:30', days: [0, 1, 2, 3, 4, 5, 6] };

/** `count` people in Madrid with a reminder at 02:30, `devices` push devices each. */
async function peopleWithReminder(
  db: Kysely<Database>,
  count: number,
  devices: number,
  from: number,
): Promise<number[]> {
  const secret = randomBytes(32);
  const tag = randomBytes(3).toString('hex');
  const next = new Date(nextReminderAt('Europe/Madrid', REMINDER, from)!).toISOString();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await insertActiveUser(db, secret, {
      username: `sleeper_${tag}_${devices}_${i}`,
    });
    await db
      .insertInto('user_preferences')
      .values({
        user_id: id,
        default_audiences: null,
        email_digest: 'off',
        push_off: '',
        time_zone: 'Europe/Madrid',
        reminder_time: REMINDER.time,
        reminder_days: 127,
        next_reminder_at: next,
        update_tms: new Date(from).toISOString(),
      })
      .execute();
    for (let d = 0; d < devices; d++) {
      await db
        .insertInto('push_subscriptions')
        .values({
          user_id: id,
          endpoint: `https://push.example/${tag}/${i}/${d}`,
          p256dh: 'p',
          auth: 'a',
          create_tms: new Date(from).toISOString(),
          update_tms: new Date(from).toISOString(),
        })
        .execute();
    }
    ids.push(id);
  }
  return ids;
}

function slowMailer() {
  const mailer = createMemoryMailer();
  const send = mailer.send.bind(mailer);
  mailer.send = async (message: MailMessage) => {
    await new Promise((r) => setTimeout(r, 10));
    await send(message);
  };
  return mailer;
}

describe.skipIf(adminUrl === undefined)('reminders with two instances on PostgreSQL', () => {
  let databaseUrl: string;
  let drop: (() => Promise<void>) | undefined;
  let one: Kysely<Database>;
  let two: Kysely<Database>;

  beforeAll(async () => {
    ({ databaseUrl, drop } = await createEmptyPostgresDatabase(adminUrl!));
    one = createDatabase({ databaseUrl });
    two = createDatabase({ databaseUrl });
    await migrateToLatest(one, databaseUrl);
  }, 60_000);

  afterAll(async () => {
    await one?.destroy();
    await two?.destroy();
    await drop?.();
  }, 30_000);

  it('sends a 02:30 reminder once at 03:00 on the night clocks go forward, whichever instance', async () => {
    // Saturday 23:00 in Madrid (22:00 UTC), a few hours before the change.
    const start = at('2026-03-28T22:00:00Z');
    const withPush = await peopleWithReminder(one, 10, 2, start);
    const withoutPush = await peopleWithReminder(one, 5, 0, start);
    const mailA = slowMailer();
    const mailB = slowMailer();
    const run = (now: number) =>
      Promise.all([
        sendDueReminders({ db: one, mailer: mailA, appUrl: 'http://app.test' }, now),
        sendDueReminders({ db: two, mailer: mailB, appUrl: 'http://app.test' }, now),
      ]);
    const queued = () =>
      one
        .selectFrom('push_outbox as o')
        .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
        .select(['s.user_id', 'o.payload'])
        .where('s.user_id', 'in', withPush)
        .execute();

    // 00:50 to 00:59 UTC (01:50 to 01:59 CET): nothing yet.
    for (let now = at('2026-03-29T00:50:00Z'); now < at('2026-03-29T01:00:00Z'); now += MINUTE) {
      await run(now);
    }
    expect(await queued()).toHaveLength(0);
    expect(mailA.sent.length + mailB.sent.length).toBe(0);

    // 01:00 UTC is 03:00 CEST, the first minute after the gap; then every minute to 01:20 UTC,
    // with a second pair of runs at the same instant.
    for (let now = at('2026-03-29T01:00:00Z'); now <= at('2026-03-29T01:20:00Z'); now += MINUTE) {
      await Promise.all([run(now), run(now)]);
    }
    const rows = await queued();
    expect(rows).toHaveLength(withPush.length * 2);
    for (const id of withPush) expect(rows.filter((r) => r.user_id === id)).toHaveLength(2);
    expect(JSON.parse(rows[0]!.payload!)).toEqual({
      kind: 'WriteReminder',
      title: 'Time to write',
      body: null,
    });
    const mails = [...mailA.sent, ...mailB.sent];
    expect(mails).toHaveLength(withoutPush.length);
    expect(new Set(mails.map((m) => m.to)).size).toBe(withoutPush.length);

    const claims = await one
      .selectFrom('reminder_claims')
      .select(['user_id', 'local_date', 'channel', 'create_tms'])
      .where('user_id', 'in', [...withPush, ...withoutPush])
      .execute();
    expect(claims).toHaveLength(withPush.length + withoutPush.length);
    for (const claim of claims) {
      expect(claim.local_date).toBe('2026-03-29');
      // Sent at the first minute the clocks showed, 03:00 CEST.
      expect(claim.create_tms).toBe('2026-03-29T01:00:00.000Z');
    }
    // The next is Monday's 02:30 CEST, 00:30 UTC.
    const next = await one
      .selectFrom('user_preferences')
      .select('next_reminder_at')
      .where('user_id', 'in', withPush)
      .execute();
    expect(new Set(next.map((n) => n.next_reminder_at))).toEqual(
      new Set(['2026-03-30T00:30:00.000Z']),
    );
  }, 60_000);
});
