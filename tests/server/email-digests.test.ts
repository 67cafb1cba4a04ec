import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import { createOutboxMailer } from '../../server/mail/outbox-mailer';
import { createSmtpMailer } from '../../server/mail/smtp-mailer';
import type { Mailer, MailMessage } from '../../server/mail/mailer';
import { peopleWithDigest, unreadVisibleAfter } from '../../server/modules/digests/digest-queries';
import { DIGEST_PROBLEMS } from '../../src/domain/email-digest';

import { sendDueDigests, type DigestDeps } from '../../server/modules/digests/digest-run';
import type { Preferences } from '../../src/api/preferences-schemas';
import { digestSubject } from '../../src/domain/email-digest';
import { call, writeRumination, type Person } from './ruminations-support';
import { createActiveUser, createTestApp, setUpTestApp, type TestApp } from './support/test-app';
import { sqliteWithQueryLog } from './support/query-plans';
import { insertActiveUser } from './support/test-users';

const UNSUBSCRIBE_TOKEN_INVALID = DIGEST_PROBLEMS.unsubscribeLinkInvalid.title;

/**
 * The email digests (api-contract.md "Reach them when the app is closed"): with `emailDigest`
 * daily or weekly, at most one email per period listing the unread notifications since the
 * previous one (names and a link, never a note's words), none when there are none; every digest
 * carries a signed one-click unsubscribe (RFC 8058) that turns it off without signing in. On SQLite
 * and, through the test PostgreSQL, on PostgreSQL.
 *
 * The runs are called with a `now` of their own, no timers. The tests share one app, so each takes
 * a clock of its own far after the previous test's: a run of a later test may send an earlier
 * test's people their digests, never the reverse.
 */

const t = setUpTestApp();

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const APP_URL = 'http://app.test';

let clockBase = Date.now();

/** A point in time after every run of the tests before: `at(ms)` is that much later. */
function newClock(): (ms: number) => Date {
  clockBase += 1000 * DAY;
  const base = clockBase;
  return (ms) => new Date(base + ms);
}

function deps(mailer: Mailer = t.mailer): DigestDeps {
  return { db: t.db, mailer, appUrl: APP_URL };
}

let counter = 0;

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

/** The sentences a digest lists ("- Bob commented on your rumination"). */
function sentences(message: MailMessage | undefined): string[] {
  return (message?.text ?? '')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
}

/** The one-click address of a digest's List-Unsubscribe header, as a path with its query. */
function oneClickPath(message: MailMessage | undefined): string {
  const header = message?.headers?.['List-Unsubscribe'] ?? '';
  const url = /^<(.+)>$/.exec(header)?.[1];
  if (url === undefined) throw new Error(`No List-Unsubscribe URL in "${header}"`);
  const parsed = new URL(url);
  expect(parsed.origin).toBe(APP_URL);
  return `${parsed.pathname}${parsed.search}`;
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

describe('a daily digest', () => {
  it('tells one email a day of what is new, with names and a link, and never a note’s words', async () => {
    const at = newClock();
    const { me, bob, note, secret } = await writerWithDigest('daily');
    await comment(bob, note.id, 'comment words nobody else should read');

    await sendDueDigests(deps(), at(0));
    const [first, ...others] = digestsTo(me);
    expect(others).toEqual([]);
    expect(first?.subject).toBe(digestSubject(1));
    expect(sentences(first)).toEqual(['Bob Commenter commented on your rumination']);
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
    expect(sentences(all[1])).toEqual(['Bob Commenter commented on your rumination']);
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
    expect(sentences(digestsTo(me)[0])).toEqual(['Carol Reader commented on your rumination']);

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
    expect(sentences(digestsTo(me)[0])).toEqual(['Eve Asker asked to be your Friend']);
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

describe('unsubscribe (RFC 8058)', () => {
  async function digestFor(): Promise<{ me: Person; message: MailMessage }> {
    const at = newClock();
    const { me, bob, note } = await writerWithDigest('daily');
    await comment(bob, note.id, 'hello');
    await sendDueDigests(deps(), at(0));
    const message = digestsTo(me)[0];
    if (message === undefined) throw new Error('no digest');
    return { me, message };
  }

  it('every digest carries List-Unsubscribe, One-Click, and a link to the app’s page', async () => {
    const { message } = await digestFor();
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = oneClickPath(message);
    expect(oneClick).toMatch(/^\/api\/email\/unsubscribe\?token=[^&]+$/);
    const token = new URLSearchParams(oneClick.split('?')[1]).get('token');
    expect(message.text).toContain(
      `${APP_URL}/unsubscribe?token=${encodeURIComponent(token ?? '')}`,
    );
  });

  it('a POST to it without signing in and without a body turns the digest off (204)', async () => {
    const { me, message } = await digestFor();
    const res = await t.app.inject({ method: 'POST', url: oneClickPath(message) });
    expect(res.statusCode).toBe(204);
    expect(await digestSetting(me)).toBe('off');
    // Again: still 204, still off.
    expect((await t.app.inject({ method: 'POST', url: oneClickPath(message) })).statusCode).toBe(
      204,
    );
  });

  it('takes the one-click form body a mail client sends, and any other body', async () => {
    const bodies: { type?: string; payload: string }[] = [
      { type: 'application/x-www-form-urlencoded', payload: 'List-Unsubscribe=One-Click' },
      {
        type: 'multipart/form-data; boundary=x',
        payload:
          '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      },
      { type: 'application/json', payload: '' },
      { type: 'application/json', payload: '{not json' },
      { type: 'text/plain', payload: 'List-Unsubscribe=One-Click' },
      { payload: 'List-Unsubscribe=One-Click' },
    ];
    for (const body of bodies) {
      const { me, message } = await digestFor();
      const res = await t.app.inject({
        method: 'POST',
        url: oneClickPath(message),
        headers: body.type === undefined ? {} : { 'content-type': body.type },
        payload: body.payload,
      });
      expect(res.statusCode, `${body.type}: ${res.body}`).toBe(204);
      expect(await digestSetting(me)).toBe('off');
    }
  });

  it('takes any body on this route alone: elsewhere a form body is still 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(415);
  });

  it('matches the token’s name ignoring case', async () => {
    const { me, message } = await digestFor();
    const url = oneClickPath(message).replace('?token=', '?Token=');
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(204);
    expect(await digestSetting(me)).toBe('off');
  });

  it('refuses a forged, altered or missing token with 400 and changes nothing', async () => {
    const { me, message } = await digestFor();
    const other = await someone();
    const token = new URLSearchParams(oneClickPath(message).split('?')[1]).get('token') ?? '';
    const [, mac] = token.split('.');
    const lastChar = token.at(-1) === 'A' ? 'B' : 'A';
    const forged = [
      `${other.id}.${mac}`,
      `${token.slice(0, -1)}${lastChar}`,
      `${me.id}`,
      `${me.id}.`,
      'nonsense',
      `99999999999.${mac}`,
      `0.${mac}`,
      `-1.${mac}`,
      `${me.id}.${mac}.${mac}`,
    ];
    for (const bad of forged) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, title: UNSUBSCRIBE_TOKEN_INVALID });
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/email/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/email/unsubscribe?token=' });
    expect(empty.statusCode).toBe(400);
    const long = `/api/email/unsubscribe?token=${me.id}.${'A'.repeat(600)}`;
    expect((await t.app.inject({ method: 'POST', url: long })).statusCode).toBe(400);
    expect(await digestSetting(me)).toBe('daily');
    expect(await digestSetting(other)).toBe('off');
    // Two spellings of the name: the first wins, as on every route (query names ignore case).
    const twice = `/api/email/unsubscribe?token=${encodeURIComponent(token)}&TOKEN=x`;
    expect((await t.app.inject({ method: 'POST', url: twice })).statusCode).toBe(204);
  });

  it('an erased account’s link answers 204 and writes nothing', async () => {
    const at = newClock();
    const me = await createActiveUser(t.app);
    const bob = await someone('Bob Commenter');
    const as = { id: me.id, username: me.username, token: me.token };
    await setDigest(as, 'daily');
    const note = await writeRumination(t, as);
    await comment(bob, note.id, 'hello');
    await sendDueDigests(deps(), at(0));
    const message = digestsTo(me)[0];
    const oneClick = oneClickPath(message);
    expect(
      await t.db
        .selectFrom('digest_state')
        .select('user_id')
        .where('user_id', '=', me.id)
        .execute(),
    ).toHaveLength(1);

    const erased = await call(t, 'DELETE', '/api/account', {
      as,
      body: { password: me.password },
    });
    expect(erased.statusCode).toBe(204);
    // The erasure took the digest's state with the preferences.
    expect(
      await t.db
        .selectFrom('digest_state')
        .select('user_id')
        .where('user_id', '=', me.id)
        .execute(),
    ).toEqual([]);

    const res = await t.app.inject({ method: 'POST', url: oneClick });
    expect(res.statusCode).toBe(204);
    expect(
      await t.db
        .selectFrom('user_preferences')
        .select('user_id')
        .where('user_id', '=', me.id)
        .execute(),
    ).toEqual([]);
  });

  it('is POST only: a GET (a link checker, a prefetch) changes nothing', async () => {
    const { me, message } = await digestFor();
    const res = await t.app.inject({ method: 'GET', url: oneClickPath(message) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await digestSetting(me)).toBe('daily');
  });
});

describe('the mailers keep the headers', () => {
  it('SMTP (nodemailer) sends List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const smtp = await fakeSmtp();
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'R <r@app.test>');
    try {
      const at = newClock();
      const { me, bob, note } = await writerWithDigest('daily');
      await comment(bob, note.id, 'hello');
      await sendDueDigests(deps(mailer), at(0));
      const mine = smtp.messages.filter((m) => m.includes(`To: ${me.email}`));
      expect(mine).toHaveLength(1);
      // Header lines may be folded: unfold, then read them one by one.
      const head = (mine[0] ?? '').split('\r\n\r\n')[0]?.replace(/\r\n[ \t]+/g, ' ') ?? '';
      const lines = head.split('\r\n');
      expect(lines.find((l) => l.startsWith('List-Unsubscribe: '))).toMatch(
        /^List-Unsubscribe: <http:\/\/app\.test\/api\/email\/unsubscribe\?token=[^>]+>$/,
      );
      expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await mailer.close();
      smtp.close();
    }
  });

  it('the outbox file holds List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-digest-outbox-'));
    try {
      const mailer = createOutboxMailer(outbox, pino({ level: 'silent' }), 'R <r@app.test>');
      const at = newClock();
      const { me, bob, note } = await writerWithDigest('daily');
      await comment(bob, note.id, 'hello');
      await sendDueDigests(deps(mailer), at(0));
      const files = fs.readdirSync(outbox);
      const mine = files
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .filter((content) => content.includes(`To: ${me.email}\r\n`));
      expect(mine).toHaveLength(1);
      const [head] = (mine[0] ?? '').split('\r\n\r\n');
      expect(head).toMatch(
        /\r\nList-Unsubscribe: <http:\/\/app\.test\/api\/email\/unsubscribe\?token=[^>]+>/,
      );
      expect(head).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      fs.rmSync(outbox, { recursive: true, force: true });
    }
  });
});

/** Just enough of an SMTP server to take messages; answers every command with success. */
function fakeSmtp(): Promise<{ port: number; messages: string[]; close: () => void }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string[] | undefined;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            messages.push(data.join('\r\n'));
            data = undefined;
            socket.write('250 queued\r\n');
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          data = [];
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : 0,
        messages,
        close: () => server.close(),
      });
    });
  });
}

describe('the schedule', () => {
  it('runs by itself every DIGEST_INTERVAL_MS once the app is ready', async () => {
    const own: TestApp = await createTestApp({ config: { digestIntervalMs: 100 } });
    try {
      const me = await insertActiveUser(own.db, own.app.jwtSecret, { username: 'scheduled' });
      const bob = await insertActiveUser(own.db, own.app.jwtSecret, { username: 'bobby' });
      const as = (p: { id: number; token: string }, username: string) => ({ ...p, username });
      const put = await call(own, 'PUT', '/api/account/preferences', {
        as: as(me, 'scheduled'),
        body: { emailDigest: 'daily' },
      });
      expect(put.statusCode).toBe(200);
      const note = await writeRumination(own, as(me, 'scheduled'));
      await call(own, 'POST', '/api/comments', {
        as: as(bob, 'bobby'),
        body: { ruminationId: note.id, content: 'hi' },
      });
      const deadline = Date.now() + 10_000;
      while (own.mailer.lastTo('scheduled@example.test') === undefined && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(own.mailer.lastTo('scheduled@example.test')?.subject).toBe(digestSubject(1));
      // Several intervals later, still the one.
      await new Promise((r) => setTimeout(r, 500));
      expect(own.mailer.sent.filter((m) => m.to === 'scheduled@example.test')).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe('query plans (SQLite)', () => {
  it('reads people with a digest and their unread news through the partial indexes', async () => {
    const { sqlite, db, plansOf } = sqliteWithQueryLog();
    try {
      await migrateToLatest(db);
      const now = new Date().toISOString();
      sqlite.exec('begin');
      const user = sqlite.prepare(
        `insert into users (username, username_lower, email, email_lower, password_hash, is_active,
          token_version, create_tms, display_name, display_name_fold)
         values (?, ?, ?, ?, 'x', 1, 0, ?, ?, ?)`,
      );
      const prefs = sqlite.prepare(
        `insert into user_preferences (user_id, default_audiences, email_digest, push_off, update_tms)
         values (?, 0, ?, '', ?)`,
      );
      for (let i = 1; i <= 5000; i++) {
        const name = `u${i}`;
        const { lastInsertRowid } = user.run(
          name,
          name,
          `${name}@x.test`,
          `${name}@x.test`,
          now,
          name,
          name,
        );
        prefs.run(lastInsertRowid, i % 100 === 0 ? 'daily' : 'off', now);
      }
      // The first person's history: many notifications read, two unread.
      const notify = sqlite.prepare(
        `insert into notifications (recipient_id, actor_id, kind, is_read, create_tms)
         values (1, 2, 'RelationAccepted', ?, ?)`,
      );
      for (let i = 0; i < 3000; i++) notify.run(i < 2998 ? 1 : 0, now);
      sqlite.exec('commit');
      for (const analyzed of [false, true]) {
        if (analyzed) sqlite.exec('analyze');
        const plans = await plansOf(() => peopleWithDigest(db, 'daily', 0, 100));
        const plan = plans.flat().join('\n');
        expect(plan, plan).toContain('user_preferences_digest');
        expect(plan).not.toMatch(/SCAN|TEMP B-TREE/);
        expect(await peopleWithDigest(db, 'daily', 0, 100)).toHaveLength(50);
        // What is new for one person: the unread rows through their partial index, not the read.
        const news = (await plansOf(() => unreadVisibleAfter(db, 1, 0, 500))).flat().join('\n');
        expect(news, news).toContain('notifications_recipient_unread');
        expect(await unreadVisibleAfter(db, 1, 0, 500)).toHaveLength(2);
      }
    } finally {
      await db.destroy();
    }
  });
});
