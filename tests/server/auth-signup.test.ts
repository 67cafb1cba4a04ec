import { describe, expect, it } from 'vitest';
import { tokenFromMail } from './support/memory-mailer';
import { createActiveUser, setUpTestApp } from './support/test-app';

describe('sign-up and activation', () => {
  const t = setUpTestApp();

  const signup = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body as object });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const activate = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/auth/activate?token=${encodeURIComponent(token)}`,
    });

  it('creates an inactive account and mails an activation link to the web app', async () => {
    const res = await signup({
      username: 'alice',
      email: 'Alice@Example.test',
      password: 'quiet-lake-7',
      acceptedTosVersion: '1.0',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String) });

    const mail = t.mailer.lastTo('alice@example.test');
    expect(mail?.link?.url).toMatch(/^http:\/\/app\.test\/activate\?token=[\w-]{40,}$/);

    const beforeActivation = await login('alice', 'quiet-lake-7');
    expect(beforeActivation.statusCode).toBe(403);
    expect(beforeActivation.json()).toMatchObject({ title: 'Account is not activated' });

    const activated = await activate(tokenFromMail(mail));
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ message: expect.any(String) });

    const afterActivation = await login('alice', 'quiet-lake-7');
    expect(afterActivation.statusCode).toBe(200);
    // Accepted 1.0 (the current version) at sign-up.
    expect(afterActivation.json()).toMatchObject({
      requiresTosAcceptance: false,
      latestTosVersion: '1.0',
    });
  });

  it('refuses a used activation token (400), saying that the account is already active', async () => {
    await signup({ username: 'bob', email: 'bob@example.test', password: 'quiet-lake-7' });
    const token = tokenFromMail(t.mailer.lastTo('bob@example.test'));
    expect((await activate(token)).statusCode).toBe(200);
    const again = await activate(token);
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({
      status: 400,
      title: 'This account is already activated',
    });
    // A token nobody issued is still simply invalid.
    expect((await activate('x'.repeat(43))).json()).toMatchObject({
      title: 'Invalid or expired activation link',
    });
  });

  it('refuses an expired activation token', async () => {
    await signup({ username: 'carol', email: 'carol@example.test', password: 'quiet-lake-7' });
    const token = tokenFromMail(t.mailer.lastTo('carol@example.test'));
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('purpose', '=', 'activate')
      .execute();
    expect((await activate(token)).statusCode).toBe(400);
    expect((await login('carol', 'quiet-lake-7')).statusCode).toBe(403);
  });

  it('sends a new activation link when the first expired and the password is right', async () => {
    await signup({ username: 'ingrid', email: 'ingrid@example.test', password: 'quiet-lake-7' });
    const first = tokenFromMail(t.mailer.lastTo('ingrid@example.test'));
    // Within ten minutes of the first link, no second one.
    await login('ingrid', 'quiet-lake-7');
    expect(tokenFromMail(t.mailer.lastTo('ingrid@example.test'))).toBe(first);
    // A wrong password never sends one.
    await t.db
      .updateTable('account_tokens')
      .set({
        create_tms: new Date(Date.now() - 25 * 3600_000).toISOString(),
        expires_at: new Date(Date.now() - 3600_000).toISOString(),
      })
      .where('user_id', '=', (eb) =>
        eb.selectFrom('users').select('id').where('username_lower', '=', 'ingrid'),
      )
      .execute();
    expect((await login('ingrid', 'wrong-password')).statusCode).toBe(401);
    expect(tokenFromMail(t.mailer.lastTo('ingrid@example.test'))).toBe(first);

    const res = await login('ingrid', 'quiet-lake-7');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ title: 'Account is not activated' });
    const second = tokenFromMail(t.mailer.lastTo('ingrid@example.test'));
    expect(second).not.toBe(first);
    expect((await activate(first)).statusCode).toBe(400);
    expect((await activate(second)).statusCode).toBe(200);
    expect((await login('ingrid', 'quiet-lake-7')).statusCode).toBe(200);
  });

  it('refuses an unknown or missing activation token', async () => {
    expect((await activate('not-a-real-token')).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/activate' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ title: 'Invalid activation link. No token provided.' });
  });

  it('stores only a hash of the activation token', async () => {
    await signup({ username: 'dave', email: 'dave@example.test', password: 'quiet-lake-7' });
    const token = tokenFromMail(t.mailer.lastTo('dave@example.test'));
    const rows = await t.db.selectFrom('account_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers 409 for a taken username, ignoring case', async () => {
    await createActiveUser(t.app, { username: 'Erin' });
    const res = await signup({
      username: 'ERIN',
      email: 'other@example.test',
      password: 'quiet-lake-7',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, title: 'Username is already taken' });
  });

  it('answers a taken email like a new one, and mails a notice to its owner instead', async () => {
    const owner = await createActiveUser(t.app, { email: 'frank@example.test' });
    const sentBefore = t.mailer.sent.length;
    const res = await signup({
      username: 'frank2',
      email: 'FRANK@example.test',
      password: 'quiet-lake-7',
    });
    expect(res.statusCode).toBe(201);
    const fresh = await signup({
      username: 'frank3',
      email: 'f3@example.test',
      password: 'x12345',
    });
    expect(res.json()).toEqual(fresh.json());

    const notice = t.mailer.sent.slice(sentBefore).find((m) => m.to === owner.email);
    expect(notice).toBeDefined();
    expect(notice?.link).toBeUndefined();
    expect(notice?.text).toContain(owner.username);
    const created = await t.db
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', 'frank2')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('requires the current terms when sign-up named an unknown version', async () => {
    await signup({
      username: 'gina',
      email: 'gina@example.test',
      password: 'quiet-lake-7',
      acceptedTosVersion: '0.9',
    });
    await activate(tokenFromMail(t.mailer.lastTo('gina@example.test')));
    const res = await login('gina', 'quiet-lake-7');
    expect(res.json()).toMatchObject({ requiresTosAcceptance: true, latestTosVersion: '1.0' });
  });

  it.each([
    [{ username: 'ab', email: 'h@example.test', password: 'quiet-lake-7' }, 'username'],
    [{ username: 'has space', email: 'h@example.test', password: 'quiet-lake-7' }, 'username'],
    [{ username: 'x'.repeat(33), email: 'h@example.test', password: 'quiet-lake-7' }, 'username'],
    [{ username: 'henry', email: 'not-an-email', password: 'quiet-lake-7' }, 'email'],
    [{ username: 'henry', email: `${'a'.repeat(250)}@x.io`, password: 'quiet-lake-7' }, 'email'],
    [{ username: 'henry', email: 'h@example.test', password: '12345' }, 'password'],
    [{ username: 'henry', email: 'h@example.test', password: 'p'.repeat(129) }, 'password'],
    [{ email: 'h@example.test', password: 'quiet-lake-7' }, 'username'],
  ])('answers 400 with field errors for %j', async (body, field) => {
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    const problem = res.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(problem.errors)).toContain(field);
  });

  it('says which fields are missing in the words of the spec', async () => {
    const res = await signup({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: {
        username: ['Username is required'],
        email: ['Email is required'],
        password: ['Password is required'],
      },
    });
  });

  it('says an empty or blank username is required, not what a username may hold', async () => {
    for (const username of ['', '   ']) {
      const res = await signup({ username, email: 'empty@example.test', password: 'quiet-lake-7' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { username: ['Username is required'] } });
    }
  });
});
