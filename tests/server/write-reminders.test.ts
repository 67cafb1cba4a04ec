import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders, type ReminderDeps } from '../../server/modules/reminders/reminder-run';
import { decryptPush, type PushReceiver } from '../support/web-push-receiver';
import { setUpPushDelivery } from './push-delivery-support';
import { call, writeRumination, type Person } from './ruminations-support';

/**
 * "Remind me to write" (api-contract.md "Memories", reminders) through the server: the run is
 * called with a test clock (sendDueReminders' `now`), the push sender of the app sends what it
 * queued to a push service on 127.0.0.1 that decrypts as a browser does. The clock is set years
 * ahead of the real one, so the app's own runs (on the real clock) never find these reminders due.
 */

const push = setUpPushDelivery();
const { t, someone, device } = push;
let receiver: PushReceiver;
beforeAll(() => {
  receiver = push.receiver;
});

const at = (iso: string) => Date.parse(iso);
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

function deps(): ReminderDeps {
  return {
    db: t.db,
    mailer: t.mailer,
    appUrl: 'http://app.test',
    wakePush: () => t.app.pushSender.wake(),
  };
}

async function remindAt(
  who: Person,
  time: string | null,
  timeZone = 'Europe/Madrid',
): Promise<void> {
  const res = await call(t, 'PUT', '/api/account/preferences', {
    as: who,
    body: { timeZone, reminder: { time, days: EVERY_DAY } },
  });
  expect(res.statusCode).toBe(200);
}

/** A note of theirs whose creation time is `createTMS` (as an import or an old note has). */
async function noteAt(who: Person, createTMS: string, content?: string): Promise<number> {
  const note = await writeRumination(t, who, { publish: false, ...(content ? { content } : {}) });
  await t.db
    .updateTable('ruminations')
    .set({ create_tms: createTMS })
    .where('id', '=', note.id)
    .execute();
  return note.id;
}

function outboxOf(userId: number) {
  return t.db
    .selectFrom('push_outbox as o')
    .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
    .select(['o.id', 'o.payload'])
    .where('s.user_id', '=', userId)
    .execute();
}

// Tuesday 8 January 2030: 21:30 in Madrid (CET) is 20:30 UTC.
const DAY = '2030-01-08';

describe('a reminder by Web Push', () => {
  it('is queued once at 21:30 Madrid time, not before, and reaches each device once', async () => {
    const me = await someone();
    const [phone, laptop] = [await device(me), await device(me)];
    await remindAt(me, '21:30');

    expect(await sendDueReminders(deps(), at(`${DAY}T20:29:00Z`))).not.toContain('push');
    expect(await outboxOf(me.id)).toHaveLength(0);
    expect(await sendDueReminders(deps(), at(`${DAY}T20:30:00Z`))).toContain('push');
    // Later runs the same evening find the day claimed.
    await sendDueReminders(deps(), at(`${DAY}T20:30:30Z`));
    await sendDueReminders(deps(), at(`${DAY}T22:59:00Z`));

    for (const d of [phone!, laptop!]) {
      const [message] = await receiver.waitFor(d.endpoint, 1, 5000);
      expect(JSON.parse(decryptPush(message!.body, d.subscriber))).toEqual({
        kind: 'WriteReminder',
        title: 'Time to write',
        body: null,
      });
    }
    await push.outboxEmptyFor(me.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.receivedFor(phone!.endpoint)).toHaveLength(1);
    expect(receiver.receivedFor(laptop!.endpoint)).toHaveLength(1);
    const claims = await t.db
      .selectFrom('reminder_claims')
      .selectAll()
      .where('user_id', '=', me.id)
      .execute();
    expect(claims).toMatchObject([{ local_date: DAY, channel: 'push' }]);
  });

  it('says what they wrote on this day in the most recent earlier year, never the text', async () => {
    const me = await someone();
    const d = await device(me);
    await remindAt(me, '21:30');
    const secret = `my private memory ${randomBytes(6).toString('hex')}`;
    // 8 January in Madrid: 2027 twice (one just after midnight there, still the 7th in UTC), 2025
    // once; 7 January 2028 in Madrid does not count.
    await noteAt(me, '2027-01-08T10:00:00.000Z', secret);
    await noteAt(me, '2027-01-07T23:30:00.000Z', secret);
    await noteAt(me, '2025-01-08T12:00:00.000Z', secret);
    await noteAt(me, '2028-01-07T22:30:00.000Z', secret);

    await sendDueReminders(deps(), at(`${DAY}T20:31:00Z`));
    const [message] = await receiver.waitFor(d.endpoint, 1, 5000);
    const plaintext = decryptPush(message!.body, d.subscriber);
    expect(JSON.parse(plaintext)).toEqual({
      kind: 'WriteReminder',
      title: 'Time to write',
      body: 'On this day in 2027: you wrote 2 notes',
    });
    expect(plaintext).not.toContain('private memory');
  });

  it('is skipped on a day they already wrote (a draft counts, the trash does not)', async () => {
    const me = await someone();
    const d = await device(me);
    await remindAt(me, '21:30');
    const trashed = await noteAt(me, `${DAY}T09:00:00.000Z`);
    await t.db
      .updateTable('ruminations')
      .set({ deleted_tms: `${DAY}T10:00:00.000Z` })
      .where('id', '=', trashed)
      .execute();
    // Written at 00:30 on the 8th in Madrid (23:30 UTC on the 7th): that day.
    await noteAt(me, '2030-01-07T23:30:00.000Z');

    expect(await sendDueReminders(deps(), at(`${DAY}T20:30:00Z`))).toContain('skipped');
    await sendDueReminders(deps(), at(`${DAY}T21:00:00Z`));
    expect(await outboxOf(me.id)).toHaveLength(0);

    // The next day they have not written: it rings.
    expect(await sendDueReminders(deps(), at('2030-01-09T20:30:00Z'))).toContain('push');
    await receiver.waitFor(d.endpoint, 1, 5000);
    expect(receiver.receivedFor(d.endpoint)).toHaveLength(1);
  });

  it('stops once the reminder is turned off', async () => {
    const me = await someone();
    await device(me);
    await remindAt(me, '21:30');
    await remindAt(me, null);
    expect(await sendDueReminders(deps(), at(`${DAY}T20:30:00Z`))).toEqual([]);
    expect(await outboxOf(me.id)).toHaveLength(0);
  });
});

describe('a reminder by email, for someone without a push device', () => {
  it('says "Time to write" with the same line, once, and its link turns the reminder off', async () => {
    const me = await someone();
    await remindAt(me, '07:00', 'America/New_York');
    const secret = `words ${randomBytes(6).toString('hex')}`;
    await noteAt(me, '2029-01-08T15:00:00.000Z', secret);
    const address = `${me.username}@example.test`;
    const before = t.mailer.sent.filter((m) => m.to === address).length;

    // 07:00 in New York (EST) is 12:00 UTC.
    expect(await sendDueReminders(deps(), at(`${DAY}T11:59:00Z`))).not.toContain('email');
    expect(await sendDueReminders(deps(), at(`${DAY}T12:00:00Z`))).toContain('email');
    await sendDueReminders(deps(), at(`${DAY}T12:01:00Z`));
    const mails = t.mailer.sent.filter((m) => m.to === address).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Time to write');
    expect(mail!.text).toContain('On this day in 2029: you wrote 1 note');
    expect(mail!.text).toContain('http://app.test/my-ruminations?compose=1');
    expect(mail!.text).not.toContain(secret);

    const link = /<([^>]+)>/.exec(mail!.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(link).toBeDefined();
    const res = await call(t, 'POST', new URL(link!).pathname + new URL(link!).search);
    expect(res.statusCode).toBe(204);
    const prefs = await call(t, 'GET', '/api/account/preferences', { as: me });
    expect(prefs.json()).toMatchObject({ reminder: { time: null }, emailDigest: 'off' });
  });

  it('a send the mail server refuses is tried again at the next run, and sent once', async () => {
    const me = await someone();
    await remindAt(me, '08:00', 'UTC');
    const address = `${me.username}@example.test`;
    const refusing = { ...t.mailer, send: () => Promise.reject(new Error('451 try later')) };
    expect(
      await sendDueReminders({ ...deps(), mailer: refusing }, at(`${DAY}T08:00:00Z`)),
    ).not.toContain('email');
    expect(t.mailer.sent.filter((m) => m.to === address)).toHaveLength(0);
    expect(await sendDueReminders(deps(), at(`${DAY}T08:00:30Z`))).toContain('email');
    await sendDueReminders(deps(), at(`${DAY}T08:01:00Z`));
    expect(t.mailer.sent.filter((m) => m.to === address)).toHaveLength(1);
  });
});
