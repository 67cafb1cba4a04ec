import { describe, expect, it } from 'vitest';
import { sendDueDigests } from '../../server/modules/digests/digest-run';
import { activationEmail, passwordResetEmail } from '../../server/modules/auth/account-emails';
import { pushPayloadOf } from '../../server/modules/push/push-sender';
import { reminderPayload } from '../../server/modules/reminders/reminder-run';
import type { Notification } from '../../src/api/notification-schemas';
import { digestHelpers, newClock, sentences } from './email-digest-support';
import { writeRumination } from './ruminations-support';
import { setUpTestApp } from './support/test-app';

/**
 * The server in the request's and the recipient's language (api-contract.md "Languages"): a
 * problem's title, detail and field messages, and a success's message, answered in the language
 * of Accept-Language (en, es, ar; else English, byte for byte as before); emails and pushes in the
 * recipient's. On SQLite and, through the test PostgreSQL, on PostgreSQL.
 */

const t = setUpTestApp();

const get = (url: string, acceptLanguage?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  });

const signup = (body: object, acceptLanguage?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: body,
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  });

describe("a problem's title in the request's language", () => {
  it('answers a 401 in Spanish, Arabic, and English without the header or for a language the app does not speak', async () => {
    const english = await get('/api/account');
    expect(english.statusCode).toBe(401);
    expect(english.json()).toMatchObject({ status: 401, title: 'Authentication required' });
    expect(english.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(english.headers['vary']).toMatch(/accept-language/i);

    const spanish = await get('/api/account', 'es-ES,es;q=0.9,en;q=0.8');
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json()).toMatchObject({ status: 401, title: 'Debes iniciar sesión' });
    expect(spanish.headers['vary']).toMatch(/accept-language/i);

    const arabic = await get('/api/account', 'ar-EG');
    expect(arabic.json()).toMatchObject({ status: 401, title: 'يلزم تسجيل الدخول' });

    const french = await get('/api/account', 'fr-FR,fr;q=0.9');
    expect(french.body).toBe(english.body);
    // The most wanted language the app speaks, by q-value.
    const ranked = await get('/api/account', 'fr;q=1, en;q=0.5, ar;q=0.8');
    expect(ranked.json()).toMatchObject({ title: 'يلزم تسجيل الدخول' });
  });

  it("answers a 404 in the request's language, the detail's values kept", async () => {
    const english = await get('/api/ruminations/999999');
    expect(english.statusCode).toBe(404);
    expect(english.json()).toMatchObject({ title: 'Rumination not found' });
    expect((await get('/api/ruminations/999999', 'es')).json()).toMatchObject({
      title: 'No se encontró la reflexión',
    });
    expect((await get('/api/ruminations/999999', 'ar-EG')).json()).toMatchObject({
      title: 'لم يُعثر على التأمل',
    });

    const noRoute = await get('/api/no-such-thing?x=1', 'es');
    expect(noRoute.statusCode).toBe(404);
    expect(noRoute.json()).toMatchObject({
      title: 'No encontrado',
      detail: 'No hay ninguna ruta para GET /api/no-such-thing',
    });
    expect((await get('/api/no-such-thing', 'en')).json()).toMatchObject({
      title: 'Not found',
      detail: 'No route for GET /api/no-such-thing',
    });
  });

  it("answers a 400's title and every field message in Spanish and Arabic", async () => {
    const body = { username: 'ana_es', email: 'not an email', password: '123' };
    const english = await signup(body);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      errors: {
        email: ['Email is invalid'],
        password: ['Password must be at least 6 characters'],
      },
    });

    const spanish = await signup(body, 'es');
    expect(spanish.statusCode).toBe(400);
    const problem = spanish.json<{ title: string; errors: Record<string, string[]> }>();
    expect(problem.errors).toEqual({
      email: ['El correo electrónico no es válido'],
      password: ['La contraseña debe tener al menos 6 caracteres'],
    });
    expect(Object.values(problem.errors).flat()).toContain(problem.title);

    // A missing field says which, in the language asked.
    const missing = await signup({ email: 'ana@example.test', password: 'quiet-lake-7' }, 'ar');
    expect(missing.json()).toMatchObject({ errors: { username: ['اسم المستخدم مطلوب'] } });
  });

  it("answers a success's message in the request's language", async () => {
    const body = { username: 'luis_es', email: 'luis@example.test', password: 'quiet-lake-7' };
    const spanish = await signup(body, 'es-MX');
    expect(spanish.statusCode).toBe(201);
    expect(spanish.json()).toEqual({
      message: 'Cuenta creada. Revisa tu correo: te enviamos un enlace para activar tu cuenta.',
    });
    expect(spanish.headers['vary']).toMatch(/accept-language/i);
    const english = await signup({ ...body, username: 'luis_en', email: 'luis2@example.test' });
    expect(english.json()).toEqual({
      message: 'Account created. Please check your email for a link to activate your account.',
    });
  });
});

describe("emails and pushes in the recipient's language", () => {
  const { deps, someone, setDigest, comment, digestsTo } = digestHelpers(t);

  it('writes the activation email in the language of the sign-up', async () => {
    const spanish = activationEmail('http://app.test', 'ana', 'ana@example.test', 'tok', 'es');
    expect(spanish.subject).toBe('Activa tu cuenta de Ruminations');
    expect(spanish.text).toContain('Hola, ana:');
    expect(spanish.text).toContain('http://app.test/activate?token=tok');
    const english = activationEmail('http://app.test', 'ana', 'ana@example.test', 'tok');
    expect(english.subject).toBe('Activate your Ruminations account');
    expect(english.text.startsWith('Hello ana,\n')).toBe(true);
    const reset = passwordResetEmail('http://app.test', 'ana', 'ana@example.test', 'tok', 'ar');
    expect(reset.subject).toBe('أعد تعيين كلمة مرورك في Ruminations');
  });

  it('sends a Spanish sign-up its activation email in Spanish', async () => {
    await signup(
      { username: 'marta', email: 'marta@example.test', password: 'quiet-lake-7' },
      'es',
    );
    expect(t.mailer.lastTo('marta@example.test')?.subject).toBe('Activa tu cuenta de Ruminations');
  });

  it('sends a digest in Arabic to a person whose language is Arabic', async () => {
    const at = newClock();
    const me = await someone('Amira');
    const bob = await someone('Bob Commenter');
    await setDigest(me, 'daily');
    await t.db.updateTable('users').set({ seen_language: 'ar' }).where('id', '=', me.id).execute();
    const note = await writeRumination(t, me, { content: 'a note' });
    await comment(bob, note.id, 'a comment');

    await sendDueDigests(deps(), at(0));
    const [digest] = digestsTo(me);
    expect(digest?.subject).toBe('Ruminations: إشعار جديد واحد');
    expect(digest?.text).toContain('مرحبًا Amira،');
    expect(sentences(digest)).toEqual([`علّق Bob Commenter (@${bob.username}) على تأملك`]);
  });

  it("titles a push in the recipient's language, saying which", async () => {
    const notification: Notification = {
      id: 7,
      kind: 'CommentOnMyRumination',
      createTMS: '2026-11-29T10:00:00.000Z',
      isRead: false,
      actor: { id: 2, username: 'bob', displayName: 'Bob' },
      ruminationId: 3,
      commentId: 4,
      relationId: null,
      relationType: null,
    };
    expect(pushPayloadOf(notification, 1, 'ar')).toEqual({
      title: 'علّق Bob (@bob) على تأملك',
      notification,
      lang: 'ar',
    });
    expect(pushPayloadOf(notification, 1)).toEqual({
      title: 'Bob (@bob) commented on your rumination',
      notification,
    });
    expect(reminderPayload(null, 'ar')).toEqual({
      kind: 'WriteReminder',
      title: 'حان وقت الكتابة',
      body: null,
      lang: 'ar',
    });
    expect(reminderPayload(null)).toEqual({
      kind: 'WriteReminder',
      title: 'Time to write',
      body: null,
    });
  });
});
