import { describe, expect, it } from 'vitest';
import { account as accountSchema } from '../../src/api/account-schemas';
import { currentUser } from '../../src/api/auth-schemas';
import { userProfile } from '../../src/api/people-schemas';
import {
  BIO_TOO_LONG,
  DISPLAY_NAME_FAULT_MESSAGES,
  DISPLAY_NAME_REQUIRED,
  DISPLAY_NAME_TOO_LONG,
  NAME_CONTROL_MESSAGE,
} from '../../src/api/profile-rules';
import { NOT_STORABLE_MESSAGE } from '../../src/api/text-rules';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import { createRumination, createUser, publishTermsVersion } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { outbox } from '../../mocks/store/tokens';
import { termsAcceptanceRequired } from '../../src/api/terms-schemas';
import { api, setupMockBackend, type Json } from './mock-backend';

setupMockBackend();

/** "José Núñez 🌻" typed on a keyboard that decomposes accents (e + combining acute). */
const JOSE_DECOMPOSED = 'Jose\u0301 Nu\u0301n\u0303ez 🌻';
const JOSE = 'José Núñez 🌻';

async function signUpAndActivate(body: Record<string, unknown>): Promise<string> {
  const signup = await api('POST', '/api/auth/signup', { body });
  expect(signup.status).toBe(201);
  const token = new URL(outbox().at(-1)?.link ?? '').searchParams.get('token');
  expect((await api('GET', `/api/auth/activate?token=${token}`)).status).toBe(200);
  const login = await api('POST', '/api/auth/login', {
    body: { username: body['username'], password: body['password'] },
  });
  return login.json.accessToken as string;
}

describe('display names in the mock backend (contract: Names people recognise)', () => {
  it('takes an optional display name at sign-up, trimmed and NFC; without one it is the username', async () => {
    const jose = await signUpAndActivate({
      username: 'jose_n',
      email: 'jose@example.com',
      password: 'quiet-lake-7',
      displayName: `  ${JOSE_DECOMPOSED} `,
    });
    const me = await api('GET', '/api/auth/me', { token: jose });
    expect(currentUser.parse(me.json)).toEqual({
      id: expect.any(Number),
      username: 'jose_n',
      displayName: JOSE,
    });
    const account = await api('GET', '/api/account', { token: jose });
    expect(accountSchema.parse(account.json).displayName).toBe(JOSE);

    const plain = await signUpAndActivate({
      username: 'Plain.Person',
      email: 'plain@example.com',
      password: 'quiet-lake-7',
    });
    expect((await api('GET', '/api/auth/me', { token: plain })).json.displayName).toBe(
      'Plain.Person',
    );
  });

  it('refuses a sign-up display name with a control character on its field, storing nothing', async () => {
    const r = await api('POST', '/api/auth/signup', {
      body: {
        username: 'tabby',
        email: 'tabby@example.com',
        password: 'quiet-lake-7',
        displayName: 'Tab\tby',
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual({ displayName: [NAME_CONTROL_MESSAGE] });
    expect(getDb().users).toEqual([]);
  });

  it('PUT /api/account/profile answers the account and GET /api/users/{id} shows name and bio', async () => {
    const { user, token } = createUser({ username: 'maryam' });
    const put = await api('PUT', '/api/account/profile', {
      token,
      body: { displayName: ' مريم ', bio: 'Line one\nLine two\twith a tab' },
    });
    expect(put.status).toBe(200);
    expect(accountSchema.parse(put.json)).toEqual({
      id: user.id,
      username: 'maryam',
      displayName: 'مريم',
      email: user.email,
      createTMS: user.createTMS,
    });
    const profile = await api('GET', `/api/users/${user.id}`);
    expect(userProfile.parse(profile.json)).toMatchObject({
      username: 'maryam',
      displayName: 'مريم',
      bio: 'Line one\nLine two\twith a tab',
    });
    // Clearing the bio: "" again.
    await api('PUT', '/api/account/profile', { token, body: { displayName: 'مريم', bio: '  ' } });
    expect((await api('GET', `/api/users/${user.id}`)).json.bio).toBe('');
  });

  it('validates the profile by the shared rules: lengths in characters, control characters, surrogates', async () => {
    const { token } = createUser({ username: 'alice' });
    const put = (body: Json) => api('PUT', '/api/account/profile', { token, body });

    const fiftyEmoji = '🌻'.repeat(50);
    expect((await put({ displayName: fiftyEmoji, bio: '' })).status).toBe(200);
    expect((await put({ displayName: 'a'.repeat(50), bio: 'b'.repeat(300) })).status).toBe(200);

    const refusals: [Json, string, string][] = [
      [{ displayName: 'a'.repeat(51), bio: '' }, 'displayName', DISPLAY_NAME_TOO_LONG],
      [{ displayName: '   ', bio: '' }, 'displayName', DISPLAY_NAME_REQUIRED],
      [{ displayName: 'Bell\u0007', bio: '' }, 'displayName', NAME_CONTROL_MESSAGE],
      [{ displayName: 'Half \uD83C', bio: '' }, 'displayName', NOT_STORABLE_MESSAGE],
      [{ displayName: 'Alice', bio: 'b'.repeat(301) }, 'bio', BIO_TOO_LONG],
      [{ displayName: 'Alice', bio: 'Nul \u0000' }, 'bio', NOT_STORABLE_MESSAGE],
    ];
    for (const [body, field, message] of refusals) {
      const r = await put(body);
      expect(r.status).toBe(400);
      expect(r.json.title).toBe(message);
      expect(r.json.errors[field]).toEqual([message]);
    }
    // Nothing refused was stored.
    expect((await api('GET', '/api/account', { token })).json.displayName).toBe('a'.repeat(50));

    expect((await put({ displayName: 'Alice' })).status).toBe(400);
    publishTermsVersion('2.0');
    const waiting = await put({ displayName: 'Alice', bio: '' });
    expect(waiting.status).toBe(403);
    expect(waiting.json.title).toBe(termsAcceptanceRequired('2.0').title);
    expect(
      (await api('PUT', '/api/account/profile', { body: { displayName: 'X', bio: '' } })).status,
    ).toBe(401);
  });

  it('shows the display name wherever a person appears', async () => {
    const alice = createUser({ username: 'alice', displayName: 'Alice Ngata' });
    const bob = createUser({ username: 'bob' });
    await api('PUT', '/api/account/profile', {
      token: bob.token,
      body: { displayName: 'Bob Ødegaard', bio: '' },
    });
    const aliceRef = { id: alice.user.id, username: 'alice', displayName: 'Alice Ngata' };
    const bobRef = { id: bob.user.id, username: 'bob', displayName: 'Bob Ødegaard' };

    const request = await api('POST', '/api/UserRelations', {
      token: bob.token,
      body: { userId: alice.user.id, relationType: relationTypeOfAudience('Friend') },
    });
    expect(request.json).toMatchObject({ initiator: bobRef, receiver: aliceRef });
    await api('PUT', `/api/UserRelations/${request.json.id}/accept`, { token: alice.token });

    const note = createRumination({ authorId: alice.user.id });
    expect((await api('GET', `/api/ruminations/${note.id}`)).json.createdBy).toEqual(aliceRef);
    const comment = await api('POST', '/api/comments', {
      token: bob.token,
      body: { ruminationId: note.id, content: 'Hello' },
    });
    expect(comment.json.createdBy).toEqual(bobRef);

    const notifications = await api('GET', '/api/notifications', { token: alice.token });
    expect(notifications.json.map((n: Json) => n.actor)).toEqual([bobRef, bobRef]);
    // Ø is a letter of its own (not an O with a mark): found as itself, in any case.
    const found = await api('GET', `/api/users/search?q=${encodeURIComponent('ØDEG')}`, {
      token: alice.token,
    });
    expect(found.json).toEqual([bobRef]);
    const relations = await api('GET', '/api/UserRelations', { token: alice.token });
    expect(relations.json[0]).toMatchObject({ initiator: bobRef, receiver: aliceRef });

    const exported = await api('GET', '/api/account/export?format=json', { token: bob.token });
    expect(exported.json.account).toMatchObject(bobRef);
    expect(exported.json.comments[0].createdBy).toEqual(bobRef);
  });
});

describe('a name that cannot pass for another or show nothing: the server’s answers', () => {
  const { hiddenControls, showsNothing, readsAsErased } = DISPLAY_NAME_FAULT_MESSAGES;
  const refused: [string, string][] = [
    ['[deleted account]', readsAsErased],
    ['[Deleted Account]\u200B', readsAsErased],
    ['\u200B', showsNothing],
    ['\u3164\u3164', showsNothing],
    ['\u2800', showsNothing],
    ['Ana\u202Eg_ana', hiddenControls],
    ['\u2066Ana', hiddenControls],
    ['Ana\u2028Admin', hiddenControls],
    ['Ana\u{E0041}', hiddenControls],
  ];

  it('sign-up refuses them with 400 on displayName, storing nobody', async () => {
    for (const [displayName, message] of refused) {
      const r = await api('POST', '/api/auth/signup', {
        body: {
          username: 'unseen',
          email: 'unseen@example.com',
          password: 'quiet-lake-7',
          displayName,
        },
      });
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual({ displayName: [message] });
    }
    expect(getDb().users).toEqual([]);
  });

  it('the profile refuses them with 400 on displayName and keeps the name; real names pass', async () => {
    const { token } = createUser({ username: 'ana_g', displayName: 'Ana' });
    for (const [displayName, message] of refused) {
      const r = await api('PUT', '/api/account/profile', { token, body: { displayName, bio: '' } });
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual({ displayName: [message] });
    }
    expect((await api('GET', '/api/account', { token })).json.displayName).toBe('Ana');
    for (const displayName of [
      '李小龙',
      '👩\u200D👩\u200D👧 Family',
      'مهر\u200Cناز',
      'Grandma 🌻',
    ]) {
      const r = await api('PUT', '/api/account/profile', { token, body: { displayName, bio: '' } });
      expect(r.status).toBe(200);
      expect(r.json.displayName).toBe(displayName);
    }
  });
});
