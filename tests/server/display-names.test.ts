import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/credentials/password';
import {
  BIO_TOO_LONG,
  DISPLAY_NAME_FAULT_MESSAGES,
  DISPLAY_NAME_REQUIRED,
  DISPLAY_NAME_TOO_LONG,
  NAME_CONTROL_MESSAGE,
} from '../../src/api/profile-rules';
import { ERASED_ACCOUNT_NAME, type Account } from '../../src/api/account-schemas';
import type { Comment } from '../../src/api/comment-schemas';
import type { UserRef } from '../../src/api/common';
import type { Notification } from '../../src/api/notification-schemas';
import type { UserProfile } from '../../src/api/people-schemas';
import type { UserRelation } from '../../src/api/relation-schemas';
import { NOT_STORABLE_MESSAGE } from '../../src/api/text-rules';
import { TOS_REQUIRED_TITLE } from '../../src/api/terms-schemas';
import { tokenFromMail } from './support/memory-mailer';
import { setUpTestApp } from './support/test-app';
import { call, person, requestRelation, writeRumination, type Person } from './ruminations-support';

/**
 * Names people recognise (contract: "Names people recognise"): the display name chosen at sign-up
 * or in Settings → Profile is on every person the API shows, and the profile holds the bio.
 */

const t = setUpTestApp();

const JOSE = 'José Núñez 🌻';

/** A person who has chosen a display name (and maybe a bio) through the API. */
async function named(displayName: string, bio = ''): Promise<Person & { displayName: string }> {
  const p = await person(t);
  const res = await call(t, 'PUT', '/api/account/profile', { as: p, body: { displayName, bio } });
  if (res.statusCode !== 200) throw new Error(`profile failed: ${res.statusCode} ${res.body}`);
  return { ...p, displayName };
}

const ref = (p: Person & { displayName: string }): UserRef => ({
  id: p.id,
  username: p.username,
  displayName: p.displayName,
});

describe('sign-up with a display name', () => {
  const signUpAndIn = async (body: Record<string, unknown>) => {
    const username = body.username as string;
    const signup = await call(t, 'POST', '/api/auth/signup', {
      body: { email: `${username}@example.test`, password: 'quiet-lake-7', ...body },
    });
    expect(signup.statusCode).toBe(201);
    const link = tokenFromMail(t.mailer.lastTo(`${username}@example.test`));
    expect((await call(t, 'GET', `/api/auth/activate?token=${link}`)).statusCode).toBe(200);
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { username, password: 'quiet-lake-7' },
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    return { token, headers: { authorization: `Bearer ${token}` } };
  };

  it('keeps the name in any script, NFC-normalised, on /me and /account', async () => {
    // Typed on a keyboard that sends the accents as combining marks (NFD).
    const { headers } = await signUpAndIn({
      username: 'jose_n',
      displayName: `  ${JOSE.normalize('NFD')} `,
    });
    const me = await call(t, 'GET', '/api/auth/me', { headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ id: expect.any(Number), username: 'jose_n', displayName: JOSE });
    const account = await call(t, 'GET', '/api/account', { headers });
    expect(account.json<Account>()).toMatchObject({ username: 'jose_n', displayName: JOSE });
  });

  it('is the username when none is given', async () => {
    const { headers } = await signUpAndIn({ username: 'Plain_Pat' });
    const me = await call(t, 'GET', '/api/auth/me', { headers });
    expect(me.json()).toEqual({
      id: expect.any(Number),
      username: 'Plain_Pat',
      displayName: 'Plain_Pat',
    });
  });

  it.each([
    ['a control character', 'Bad\u0007Name', NAME_CONTROL_MESSAGE],
    ['blank', '   ', DISPLAY_NAME_REQUIRED],
    ['51 characters', 'x'.repeat(51), DISPLAY_NAME_TOO_LONG],
  ])('refuses %s with 400 on displayName', async (_, displayName, message) => {
    const res = await call(t, 'POST', '/api/auth/signup', {
      body: {
        username: 'refused_name',
        email: 'refused_name@example.test',
        password: 'quiet-lake-7',
        displayName,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { displayName: [message] } });
  });
});

describe('PUT /api/account/profile', () => {
  const put = (as: Person | null, body: unknown) =>
    call(t, 'PUT', '/api/account/profile', { as, body });

  it('stores the name and the bio and answers the account', async () => {
    const me = await person(t);
    const res = await put(me, { displayName: 'Grandma 🌻', bio: 'Knits.\nBakes bread.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Account>()).toEqual({
      id: me.id,
      username: me.username,
      displayName: 'Grandma 🌻',
      email: `${me.username}@example.test`,
      createTMS: expect.any(String),
    });
    const profile = await call(t, 'GET', `/api/users/${me.id}`);
    expect(profile.json<UserProfile>()).toMatchObject({
      displayName: 'Grandma 🌻',
      bio: 'Knits.\nBakes bread.',
    });
    expect((await call(t, 'GET', '/api/account', { as: me })).json<Account>().displayName).toBe(
      'Grandma 🌻',
    );
  });

  it('counts characters, not UTF-16 units: 50 emoji and a bio of 300 are taken', async () => {
    const me = await person(t);
    const res = await put(me, { displayName: '🌻'.repeat(50), bio: '🌻'.repeat(300) });
    expect(res.statusCode).toBe(200);
    expect(res.json<Account>().displayName).toBe('🌻'.repeat(50));
    expect((await call(t, 'GET', `/api/users/${me.id}`)).json<UserProfile>().bio).toBe(
      '🌻'.repeat(300),
    );
  });

  it.each([
    [
      'a name of 51 characters',
      { displayName: 'é'.repeat(51), bio: '' },
      'displayName',
      DISPLAY_NAME_TOO_LONG,
    ],
    [
      'a control character in the name',
      { displayName: 'a\u0000b', bio: '' },
      'displayName',
      NOT_STORABLE_MESSAGE,
    ],
    ['a tab in the name', { displayName: 'a\tb', bio: '' }, 'displayName', NAME_CONTROL_MESSAGE],
    ['a blank name', { displayName: ' \n ', bio: '' }, 'displayName', DISPLAY_NAME_REQUIRED],
    ['no name', { bio: '' }, 'displayName', undefined],
    ['a bio of 301 characters', { displayName: 'Fine', bio: 'b'.repeat(301) }, 'bio', BIO_TOO_LONG],
    [
      'a control character in the bio',
      { displayName: 'Fine', bio: 'x\u001by' },
      'bio',
      NAME_CONTROL_MESSAGE,
    ],
  ])('refuses %s with 400 on the field, and changes nothing', async (_, body, field, message) => {
    const me = await named('Before');
    const res = await put(me, body);
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual([field]);
    if (message !== undefined) expect(errors[field]).toContain(message);
    expect((await call(t, 'GET', '/api/auth/me', { as: me })).json<UserRef>().displayName).toBe(
      'Before',
    );
  });

  it('refuses an unpaired surrogate (sent escaped, as JSON allows) with 400 on displayName', async () => {
    const me = await person(t);
    const res = await call(t, 'PUT', '/api/account/profile', {
      as: me,
      headers: { 'content-type': 'application/json' },
      body: '{"displayName":"Bad \\ud800 name","bio":""}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { displayName: [NOT_STORABLE_MESSAGE] } });
  });

  it('needs a token (401) and the current terms (403)', async () => {
    expect((await put(null, { displayName: 'Anyone', bio: '' })).statusCode).toBe(401);
    const behind = await person(t, { acceptTerms: false });
    const res = await put(behind, { displayName: 'Anyone', bio: '' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ title: TOS_REQUIRED_TITLE });
  });
});

/**
 * Names that could pass for another or show nothing (issue 40, point 5): refused with 400 on
 * `displayName` at sign-up and in the profile; real names in any script still pass.
 */
const { hiddenControls, showsNothing, readsAsErased } = DISPLAY_NAME_FAULT_MESSAGES;
const UNRECOGNISABLE: [string, string, string][] = [
  ['"[deleted account]"', '[deleted account]', readsAsErased],
  ['"[deleted account]" and a zero-width space', '[deleted account]\u200B', readsAsErased],
  ['"[Deleted  ACCOUNT]"', '[Deleted  ACCOUNT]', readsAsErased],
  ['zero-width spaces', '\u200B\u200B', showsNothing],
  ['a Hangul filler', '\u3164', showsNothing],
  ['a braille blank', '\u2800', showsNothing],
  ['a right-to-left override', 'Ana\u202Eg_ana', hiddenControls],
  ['a left-to-right isolate', '\u2066Ana', hiddenControls],
  ['a line separator', 'Ana\u2028Admin', hiddenControls],
  ['tag characters', 'Ana\u{E0041}', hiddenControls],
];
const RECOGNISABLE = ['李小龙', '👩\u200D👩\u200D👧 Family', 'مهر\u200Cناز', 'مريم', 'Grandma 🌻'];

describe('a name that cannot pass for another or show nothing', () => {
  it.each(UNRECOGNISABLE)(
    'sign-up refuses %s with 400 on displayName',
    async (_, name, message) => {
      const res = await call(t, 'POST', '/api/auth/signup', {
        body: {
          username: 'unseen_name',
          email: 'unseen_name@example.test',
          password: 'quiet-lake-7',
          displayName: name,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { displayName: [message] } });
      const stored = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'unseen_name')
        .executeTakeFirst();
      expect(stored).toBeUndefined();
    },
  );

  it.each(UNRECOGNISABLE)(
    'the profile refuses %s with 400 on displayName',
    async (_, name, message) => {
      const me = await named('Before');
      const res = await call(t, 'PUT', '/api/account/profile', {
        as: me,
        body: { displayName: name, bio: '' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { displayName: [message] } });
      expect((await call(t, 'GET', '/api/auth/me', { as: me })).json<UserRef>().displayName).toBe(
        'Before',
      );
    },
  );

  it('takes real names in any script, with emoji and joiners', async () => {
    const me = await person(t);
    for (const name of RECOGNISABLE) {
      const res = await call(t, 'PUT', '/api/account/profile', {
        as: me,
        body: { displayName: name, bio: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Account>().displayName).toBe(name);
    }
  });

  it('a name stored before the rule keeps working; it is refused only when written again', async () => {
    const me = await named('Before');
    await t.db
      .updateTable('users')
      .set({ display_name: '\u3164' })
      .where('id', '=', me.id)
      .execute();
    expect((await call(t, 'GET', '/api/auth/me', { as: me })).json<UserRef>().displayName).toBe(
      '\u3164',
    );
    const note = await writeRumination(t, me);
    expect(note.createdBy.displayName).toBe('\u3164');
    const again = await call(t, 'PUT', '/api/account/profile', {
      as: me,
      body: { displayName: '\u3164', bio: 'New bio' },
    });
    expect(again.statusCode).toBe(400);
    const fixed = await call(t, 'PUT', '/api/account/profile', {
      as: me,
      body: { displayName: 'Seen', bio: 'New bio' },
    });
    expect(fixed.statusCode).toBe(200);
  });
});

describe('display names wherever the API shows a person', () => {
  it('on notes, comments, notifications, relations, profiles and the export', async () => {
    const author = await named(JOSE, 'Writes at dawn.');
    const friend = await named('مريم');

    const asked = await requestRelation(t, author, friend, 2);
    expect(asked.initiator).toEqual(ref(author));
    expect(asked.receiver).toEqual(ref(friend));
    const accepted = await call(t, 'PUT', `/api/UserRelations/${asked.id}/accept`, { as: friend });
    expect(accepted.statusCode).toBe(200);
    const listed = await call(t, 'GET', '/api/UserRelations', { as: author });
    expect(listed.json<UserRelation[]>()[0]).toMatchObject({
      initiator: ref(author),
      receiver: ref(friend),
    });

    const note = await writeRumination(t, author, { audiences: ['Friend'] });
    expect(note.createdBy).toEqual(ref(author));
    const read = await call(t, 'GET', `/api/ruminations/${note.id}`, { as: friend });
    expect(read.json()).toMatchObject({ createdBy: ref(author) });
    const feed = await call(t, 'GET', '/api/ruminations/feed', { as: friend });
    expect(feed.json<{ createdBy: UserRef }[]>()[0]?.createdBy).toEqual(ref(author));

    const written = await call(t, 'POST', '/api/comments', {
      as: friend,
      body: { ruminationId: note.id, content: 'سلام' },
    });
    expect(written.statusCode).toBe(201);
    expect(written.json<Comment>().createdBy).toEqual(ref(friend));
    const thread = await call(t, 'GET', `/api/comments/rumination/${note.id}`, { as: author });
    expect(thread.json<Comment[]>()[0]?.createdBy).toEqual(ref(friend));

    const told = await call(t, 'GET', '/api/notifications', { as: author });
    expect(told.json<Notification[]>().map((n) => n.actor)).toEqual([ref(friend), ref(friend)]);

    const profile = await call(t, 'GET', `/api/users/${author.id}`);
    expect(profile.json<UserProfile>()).toMatchObject({
      ...ref(author),
      bio: 'Writes at dawn.',
    });

    const exported = await call(t, 'GET', '/api/account/export?format=json', { as: author });
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(exported.body) as {
      account: Account;
      ruminations: { createdBy: UserRef }[];
    };
    expect(data.account).toMatchObject(ref(author));
    expect(data.ruminations[0]?.createdBy).toEqual(ref(author));
  });

  it('a name changed later shows on what was written before', async () => {
    const author = await named('First Name');
    const note = await writeRumination(t, author);
    await call(t, 'PUT', '/api/account/profile', {
      as: author,
      body: { displayName: 'Second Name', bio: '' },
    });
    const read = await call(t, 'GET', `/api/ruminations/${note.id}`);
    expect(read.json()).toMatchObject({ createdBy: { displayName: 'Second Name' } });
  });

  it('an erased account’s comments show "[deleted account]", and its chosen name nowhere', async () => {
    const author = await named('Thread Keeper');
    const leaver = await named('Zoë Leaving');
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('leaving phrase 9') })
      .where('id', '=', leaver.id)
      .execute();
    const note = await writeRumination(t, author);
    const commented = await call(t, 'POST', '/api/comments', {
      as: leaver,
      body: { ruminationId: note.id, content: 'Bye' },
    });
    expect(commented.statusCode).toBe(201);
    const erased = await call(t, 'DELETE', '/api/account', {
      as: leaver,
      body: { password: 'leaving phrase 9' },
    });
    expect(erased.statusCode).toBe(204);

    const thread = await call(t, 'GET', `/api/comments/rumination/${note.id}`, { as: author });
    expect(thread.json<Comment[]>()[0]?.createdBy).toEqual({
      id: leaver.id,
      username: ERASED_ACCOUNT_NAME,
      displayName: ERASED_ACCOUNT_NAME,
    });
    expect(thread.body).not.toContain('Zo');
    const row = await t.db
      .selectFrom('users')
      .select(['display_name', 'display_name_fold', 'bio'])
      .where('id', '=', leaver.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ display_name: ERASED_ACCOUNT_NAME, display_name_fold: '', bio: '' });
  });
});
