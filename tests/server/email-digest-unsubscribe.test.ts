import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../server/mail/mailer';
import { sendDueDigests } from '../../server/modules/digests/digest-run';
import { DIGEST_PROBLEMS } from '../../src/domain/email-digest';
import { APP_URL, digestHelpers, newClock, oneClickPath } from './email-digest-support';
import { call, writeRumination, type Person } from './ruminations-support';
import { createActiveUser, setUpTestApp } from './support/test-app';

/**
 * The one-click unsubscribe every email digest carries (RFC 8058, api-contract.md "Reach them when
 * the app is closed"): a POST to it turns the digest off without signing in; a forged token
 * changes nothing. On SQLite and, through the test PostgreSQL, on PostgreSQL.
 */

const UNSUBSCRIBE_TOKEN_INVALID = DIGEST_PROBLEMS.unsubscribeLinkInvalid.title;

const t = setUpTestApp();
const { deps, someone, setDigest, comment, digestsTo, digestSetting, writerWithDigest } =
  digestHelpers(t);

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

  it('takes the body under a malformed Content-Type too: the type is never read', async () => {
    for (const type of [
      'nonsense',
      'application/',
      '/x-www-form-urlencoded',
      'application/x-www-form-urlencoded/extra',
      'application x-www-form-urlencoded',
      'application/x-www-form-urlencoded;;;',
      'multipart/form-data; boundary',
      ';',
      'te(xt/plain',
    ]) {
      const { me, message } = await digestFor();
      const res = await t.app.inject({
        method: 'POST',
        url: oneClickPath(message),
        headers: { 'content-type': type },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(204);
      expect(await digestSetting(me)).toBe('off');
    }
  });

  it('still refuses a body over the limit, whatever its type', async () => {
    const { me, message } = await digestFor();
    for (const type of ['application/x-www-form-urlencoded', 'nonsense']) {
      const res = await t.app.inject({
        method: 'POST',
        url: oneClickPath(message),
        headers: { 'content-type': type },
        payload: 'x'.repeat(2 * 1024 * 1024),
      });
      expect(res.statusCode, type).toBe(413);
    }
    expect(await digestSetting(me)).toBe('daily');
  });

  it('takes any body on this route alone: elsewhere a form body is still 415', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'nonsense']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: 'username=a&password=b',
      });
      expect(res.statusCode, type).toBe(415);
    }
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
    // The same MAC spelled otherwise: the last character's two lowest bits are ones decoding
    // drops, so three other last characters decode to the very same 32 bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = [1, 2, 3].map(
      (bits) => `${token.slice(0, -1)}${alphabet[alphabet.indexOf(token.at(-1) ?? 'A') ^ bits]}`,
    );
    for (const same of respelled) {
      expect(Buffer.from(same.split('.')[1] ?? '', 'base64url')).toEqual(
        Buffer.from(mac ?? '', 'base64url'),
      );
    }
    const forged = [
      ...respelled,
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
