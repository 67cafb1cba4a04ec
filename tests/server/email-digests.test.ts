import { describe, expect, it } from 'vitest';
import type { Mailer } from '../../server/mail/mailer';
import { sendDueDigests } from '../../server/modules/digests/digest-run';
import { digestSubject } from '../../src/domain/email-digest';
import { APP_URL, DAY, digestHelpers, HOUR, newClock, sentences } from './email-digest-support';
import { call, writeRumination } from './ruminations-support';
import { setUpTestApp } from './support/test-app';

/**
 * The email digests (api-contract.md "Reach them when the app is closed"): with `emailDigest`
 * daily or weekly, at most one email per period listing the unread notifications since the
 * previous one (names and a link, never a note's words), none when there are none; every digest
 * carries a signed one-click unsubscribe (RFC 8058) that turns it off without signing in. On SQLite
 * and, through the test PostgreSQL, on PostgreSQL. Here what is sent and when; beside this file,
 * the unsubscribe link (email-digest-unsubscribe), the headers through the real mailers
 * (email-digest-mailers), the runs on a timer (email-digest-schedule) and the query plans
 * (email-digest-query-plans).
 *
 * The runs are called with a `now` of their own, no timers (newClock in email-digest-support.ts).
 */

const t = setUpTestApp();
const { deps, someone, setDigest, comment, digestsTo, writerWithDigest } = digestHelpers(t);

describe('a daily digest', () => {
  it('tells one email a day of what is new, with names and a link, and never a note’s words', async () => {
    const at = newClock();
    const { me, bob, note, secret } = await writerWithDigest('daily');
    await comment(bob, note.id, 'comment words nobody else should read');

    await sendDueDigests(deps(), at(0));
    const [first, ...others] = digestsTo(me);
    expect(others).toEqual([]);
    expect(first?.subject).toBe(digestSubject(1));
    // No profile link in an email: the name is followed by the username (a name cannot pass for
    // another's there).
    expect(sentences(first)).toEqual([
      `Bob Commenter (@${bob.username}) commented on your rumination`,
    ]);
    expect(first?.text).toContain(`${APP_URL}/notifications`);
    expect(first?.text).toContain('Hello Ann Writer,');
    expect(first?.text).not.toContain(secret);
    expect(first?.text).not.toContain('comment words');
    expect(first?.subject).not.toContain(secret);

    // The same day, and the next with nothing new: nothing.
    await sendDueDigests(deps(), at(2 * HOUR));
    await sendDueDigests(deps(), at(DAY + HOUR));
    expect(digestsTo(me)).toHaveLength(1);

    // Something new the next day: one email, with the new one alone.
    await comment(bob, note.id, 'a second comment');
    await sendDueDigests(deps(), at(DAY + 2 * HOUR));
    await sendDueDigests(deps(), at(DAY + 3 * HOUR));
    const all = digestsTo(me);
    expect(all).toHaveLength(2);
    expect(sentences(all[1])).toEqual([
      `Bob Commenter (@${bob.username}) commented on your rumination`,
    ]);
  });

  it('two runs at once send one email (one instance at a time)', async () => {
    const at = newClock();
    const { me, bob, note } = await writerWithDigest('daily');
    await comment(bob, note.id, 'hello');
    await Promise.all([sendDueDigests(deps(), at(0)), sendDueDigests(deps(), at(0))]);
    expect(digestsTo(me)).toHaveLength(1);
  });

  it('waits for the end of the day when something new comes the same day', async () => {
    const at = newClock();
    const { me, bob, note } = await writerWithDigest('daily');
    await comment(bob, note.id, 'one');
    await sendDueDigests(deps(), at(0));
    await comment(bob, note.id, 'two');
    await comment(bob, note.id, 'three');
    await sendDueDigests(deps(), at(DAY - 1));
    expect(digestsTo(me)).toHaveLength(1);
    await sendDueDigests(deps(), at(DAY));
    const second = digestsTo(me)[1];
    expect(second?.subject).toBe(digestSubject(2));
    expect(sentences(second)).toHaveLength(2);
  });

  it('leaves out what was read in the app, and sends nothing when everything was', async () => {
    const at = newClock();
    const { me, bob, note } = await writerWithDigest('daily');
    const carol = await someone('Carol Reader');
    await comment(bob, note.id, 'first');
    const list = await call(t, 'GET', '/api/notifications', { as: me });
    const [read] = list.json<{ id: number }[]>();
    await call(t, 'PUT', '/api/notifications/read', { as: me, body: { upToId: read?.id } });
    await comment(carol, note.id, 'second');

    await sendDueDigests(deps(), at(0));
    expect(sentences(digestsTo(me)[0])).toEqual([
      `Carol Reader (@${carol.username}) commented on your rumination`,
    ]);

    const other = await writerWithDigest('daily');
    await comment(other.bob, other.note.id, 'read at once');
    await call(t, 'PUT', '/api/notifications/read', { as: other.me, body: { upToId: 1e9 } });
    await sendDueDigests(deps(), at(HOUR));
    expect(digestsTo(other.me)).toEqual([]);
  });

  it('leaves out what the app would hide: a comment deleted since', async () => {
    const at = newClock();
    const { me, bob, note } = await writerWithDigest('daily');
    const gone = await comment(bob, note.id, 'soon deleted');
    await comment(bob, note.id, 'kept');
    const res = await call(t, 'DELETE', `/api/comments/${gone}`, { as: bob });
    expect(res.statusCode).toBe(204);
    await sendDueDigests(deps(), at(0));
    expect(sentences(digestsTo(me)[0])).toHaveLength(1);
    expect(digestsTo(me)[0]?.subject).toBe(digestSubject(1));
  });

  it('names a relation request in the app’s words', async () => {
    const at = newClock();
    const me = await someone('Dana Receiver');
    const eve = await someone('Eve Asker');
    await setDigest(me, 'daily');
    const res = await call(t, 'POST', '/api/UserRelations', {
      as: eve,
      body: { userId: me.id, relationType: 2 },
    });
    expect(res.statusCode).toBe(201);
    await sendDueDigests(deps(), at(0));
    expect(sentences(digestsTo(me)[0])).toEqual([
      `Eve Asker (@${eve.username}) asked to be your Friend`,
    ]);
  });

  it('names by the username alone someone whose display name is their username', async () => {
    const at = newClock();
    const { me, note } = await writerWithDigest('daily');
    const plain = await someone();
    const lookalike = await someone(plain.username.toUpperCase());
    await comment(plain, note.id, 'plain');
    await comment(lookalike, note.id, 'lookalike');
    await sendDueDigests(deps(), at(0));
    expect(sentences(digestsTo(me)[0])).toEqual([
      `${plain.username} commented on your rumination`,
      `${plain.username.toUpperCase()} (@${lookalike.username}) commented on your rumination`,
    ]);
  });
});

describe('weekly and off', () => {
  it('a weekly digest waits seven days after the previous one', async () => {
    const at = newClock();
    const { me, bob, note } = await writerWithDigest('weekly');
    await comment(bob, note.id, 'first');
    await sendDueDigests(deps(), at(0));
    expect(digestsTo(me)).toHaveLength(1);
    await comment(bob, note.id, 'second');
    await sendDueDigests(deps(), at(DAY));
    await sendDueDigests(deps(), at(6 * DAY + 23 * HOUR));
    expect(digestsTo(me)).toHaveLength(1);
    await sendDueDigests(deps(), at(7 * DAY));
    expect(digestsTo(me)).toHaveLength(2);
  });

  it('sends nothing to someone who chose off, or never chose', async () => {
    const at = newClock();
    const off = await writerWithDigest('daily');
    await setDigest(off.me, 'off');
    await comment(off.bob, off.note.id, 'hello');
    const never = await someone();
    const note = await writeRumination(t, never);
    await comment(off.bob, note.id, 'hello');
    await sendDueDigests(deps(), at(0));
    expect(digestsTo(off.me)).toEqual([]);
    expect(digestsTo(never)).toEqual([]);
  });

  it('a send that fails records nothing: the next run sends it', async () => {
    const at = newClock();
    const { me, bob, note } = await writerWithDigest('daily');
    await comment(bob, note.id, 'hello');
    const failing: Mailer = {
      send: (message) =>
        message.to === me.email
          ? Promise.reject(new Error('mail server down'))
          : t.mailer.send(message),
      forgetMessagesTo: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    await sendDueDigests(deps(failing), at(0));
    expect(digestsTo(me)).toEqual([]);
    const state = await t.db
      .selectFrom('digest_state')
      .selectAll()
      .where('user_id', '=', me.id)
      .executeTakeFirst();
    expect(state).toBeUndefined();
    expect(await sendDueDigests(deps(), at(HOUR))).toBeGreaterThanOrEqual(1);
    expect(digestsTo(me)).toHaveLength(1);
  });
});
