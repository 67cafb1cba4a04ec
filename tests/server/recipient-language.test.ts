import { describe, expect, it } from 'vitest';
import { recipientLanguage, recipientLanguages } from '../../server/i18n/recipient-language';
import type { Language } from '../../src/api/languages';
import { createActiveUser, setUpTestApp } from './support/test-app';
import { tokenFromMail } from './support/memory-mailer';
import { call, person } from './ruminations-support';

/**
 * The language a person is written to in (api-contract.md "Languages"): the one chosen in
 * Settings, else the one their browser asked for (Accept-Language) at their last sign-up or
 * sign-in, else English. On the database the suite runs on (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

const t = setUpTestApp();

async function seenLanguage(userId: number): Promise<Language | null> {
  const row = await t.db
    .selectFrom('users')
    .select('seen_language')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.seen_language;
}

function logIn(username: string, password: string, acceptLanguage?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  });
}

describe('the language seen at sign-up and sign-in', () => {
  it('keeps the sign-up’s Accept-Language with the new account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'lucia', email: 'lucia@example.test', password: 'quiet-lake-7' },
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('users')
      .select(['id', 'seen_language'])
      .where('username_lower', '=', 'lucia')
      .executeTakeFirstOrThrow();
    expect(row.seen_language).toBe('es');
    expect(await recipientLanguage(t.db, row.id)).toBe('es');
    // Activated, they sign in from an Arabic browser: that is the language they are seen in now.
    const activated = await t.app.inject({
      method: 'GET',
      url: `/api/auth/activate?token=${tokenFromMail(t.mailer.lastTo('lucia@example.test'))}`,
    });
    expect(activated.statusCode).toBe(200);
    expect((await logIn('lucia', 'quiet-lake-7', 'ar-EG,ar;q=0.9')).statusCode).toBe(200);
    expect(await seenLanguage(row.id)).toBe('ar');
  });

  it('records the sign-in’s language by q-value; English without a header or a language it speaks', async () => {
    const me = await createActiveUser(t.app, { password: 'pa55word-sea' });
    expect(await seenLanguage(me.id)).toBeNull();
    expect(await recipientLanguage(t.db, me.id)).toBe('en');

    expect((await logIn(me.username, me.password, 'fr-FR, es;q=0.5, ar;q=0.7')).statusCode).toBe(
      200,
    );
    expect(await seenLanguage(me.id)).toBe('ar');
    expect((await logIn(me.username, me.password, 'es')).statusCode).toBe(200);
    expect(await seenLanguage(me.id)).toBe('es');
    expect((await logIn(me.username, me.password, 'fr, de;q=0.8')).statusCode).toBe(200);
    expect(await seenLanguage(me.id)).toBe('en');
    await logIn(me.username, me.password, 'es-AR');
    expect((await logIn(me.username, me.password)).statusCode).toBe(200);
    expect(await seenLanguage(me.id)).toBe('en');
  });

  it('records nothing for a wrong password, nor for a sign-up with an address already taken', async () => {
    const me = await createActiveUser(t.app, { password: 'pa55word-sea' });
    await logIn(me.username, me.password, 'es');
    expect((await logIn(me.username, 'not-the-password', 'ar')).statusCode).toBe(401);
    expect(await seenLanguage(me.id)).toBe('es');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: `x${me.username}`, email: me.email, password: 'quiet-lake-7' },
      headers: { 'accept-language': 'ar' },
    });
    expect(again.statusCode).toBe(201);
    expect(await seenLanguage(me.id)).toBe('es');
  });

  it('is forgotten when the account is erased', async () => {
    const me = await createActiveUser(t.app, { password: 'pa55word-sea' });
    await logIn(me.username, me.password, 'ar');
    const as = { id: me.id, username: me.username, token: me.token };
    const res = await call(t, 'DELETE', '/api/account', { as, body: { password: me.password } });
    expect(res.statusCode).toBe(204);
    expect(await seenLanguage(me.id)).toBeNull();
  }, 60_000);
});

describe('recipientLanguages', () => {
  it('answers the choice, else the language seen, else English, for every id asked', async () => {
    const chose = await person(t);
    const seenOnly = await person(t);
    const both = await person(t);
    const neither = await person(t);
    const reset = await person(t);
    await t.db
      .updateTable('users')
      .set({ seen_language: 'ar' })
      .where('id', 'in', [seenOnly.id, both.id, reset.id])
      .execute();
    const put = (as: typeof chose, language: Language | null) =>
      call(t, 'PUT', '/api/account/preferences', { as, body: { language } });
    expect((await put(chose, 'es')).statusCode).toBe(200);
    expect((await put(both, 'en')).statusCode).toBe(200);
    expect((await put(reset, 'es')).statusCode).toBe(200);
    expect((await put(reset, null)).statusCode).toBe(200);
    // Someone with preferences but no language chosen.
    await call(t, 'PUT', '/api/account/preferences', {
      as: neither,
      body: { emailDigest: 'daily' },
    });
    const unknown = 999_999_999;

    const languages = await recipientLanguages(t.db, [
      chose.id,
      seenOnly.id,
      both.id,
      neither.id,
      reset.id,
      unknown,
      chose.id,
    ]);
    expect(Object.fromEntries(languages)).toEqual({
      [chose.id]: 'es',
      [seenOnly.id]: 'ar',
      [both.id]: 'en',
      [neither.id]: 'en',
      [reset.id]: 'ar',
      [unknown]: 'en',
    });
    expect(await recipientLanguage(t.db, chose.id)).toBe('es');
    expect(await recipientLanguage(t.db, unknown)).toBe('en');
    expect((await recipientLanguages(t.db, [])).size).toBe(0);
  });

  it('answers more ids than one statement takes', async () => {
    const someone = await person(t);
    await call(t, 'PUT', '/api/account/preferences', { as: someone, body: { language: 'ar' } });
    const ids = Array.from({ length: 1_200 }, (_, i) => 1_000_000 + i);
    const languages = await recipientLanguages(t.db, [...ids, someone.id]);
    expect(languages.size).toBe(1_201);
    expect(languages.get(someone.id)).toBe('ar');
    expect(languages.get(1_000_000)).toBe('en');
  });
});
