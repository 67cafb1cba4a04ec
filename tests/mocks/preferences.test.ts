import { describe, expect, it } from 'vitest';
import { preferences as preferencesSchema } from '../../src/api/preferences-schemas';
import { createUser } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { api, setupMockBackend, type Json } from './mock-backend';

setupMockBackend();

const ALL_PUSH = {
  RelationRequested: true,
  RelationAccepted: true,
  CommentOnMyRumination: true,
  ReplyToMyComment: true,
  ReactionOnMyRumination: true,
  MentionedMe: true,
};

const get = (token: string) => api('GET', '/api/account/preferences', { token });
const put = (token: string, body: Json) => api('PUT', '/api/account/preferences', { token, body });

const ZONE_AND_REMINDER = {
  timeZone: 'UTC',
  reminder: { time: null, days: [0, 1, 2, 3, 4, 5, 6] },
  // Following the browser (contract: "Languages").
  language: null,
};

/** The mock's /api/account/preferences obeys what tests/server/preferences.test.ts asks of the server. */
describe('preferences (mock backend)', () => {
  it('starts from the defaults: ask each time (null, not Public), no digest, every push', async () => {
    const { token } = createUser({ username: 'alice' });
    const r = await get(token);
    expect(r.status).toBe(200);
    expect(preferencesSchema.parse(r.json)).toEqual({
      defaultAudiences: null,
      emailDigest: 'off',
      push: ALL_PUSH,
      ...ZONE_AND_REMINDER,
    });
  });

  it('merges a PUT of any subset and answers all of it; audiences by name or number, deduplicated, in type order', async () => {
    const { token } = createUser({ username: 'alice' });
    const first = await put(token, { defaultAudiences: ['Family', 2, 'Friend', 'Family'] });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      defaultAudiences: ['Family', 'Friend'],
      emailDigest: 'off',
      push: ALL_PUSH,
      ...ZONE_AND_REMINDER,
    });

    const second = await put(token, { emailDigest: 'weekly', push: { ReplyToMyComment: false } });
    expect(second.json).toEqual({
      defaultAudiences: ['Family', 'Friend'],
      emailDigest: 'weekly',
      push: { ...ALL_PUSH, ReplyToMyComment: false },
      ...ZONE_AND_REMINDER,
    });
    const third = await put(token, { push: { RelationAccepted: false } });
    expect(third.json.push).toEqual({
      ...ALL_PUSH,
      ReplyToMyComment: false,
      RelationAccepted: false,
    });
    // An empty list: a chosen Public, kept; null: back to asking each time.
    expect((await put(token, { defaultAudiences: [] })).json.defaultAudiences).toEqual([]);
    expect((await put(token, {})).json).toEqual((await get(token)).json);
    expect((await get(token)).json.defaultAudiences).toEqual([]);
    expect((await get(token)).json.emailDigest).toBe('weekly');
    expect((await put(token, { defaultAudiences: null })).json.defaultAudiences).toBeNull();
    expect((await get(token)).json.defaultAudiences).toBeNull();
  });

  it('keeps asking each time when only other fields change', async () => {
    const { token } = createUser({ username: 'alice' });
    await put(token, { emailDigest: 'daily' });
    expect((await get(token)).json.defaultAudiences).toBeNull();
  });

  it('refuses bad values on their field and changes nothing; 401 without a token', async () => {
    const { token } = createUser({ username: 'alice' });
    await put(token, { emailDigest: 'daily' });
    for (const [body, field] of [
      [{ emailDigest: 'hourly' }, 'emailDigest'],
      [{ defaultAudiences: ['Cousin'] }, 'defaultAudiences.0'],
      [{ defaultAudiences: [9] }, 'defaultAudiences.0'],
      [{ push: { ReplyToMyComment: 'no' } }, 'push.ReplyToMyComment'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ reminder: { time: '25:00' } }, 'reminder.time'],
      [{ language: 'fr' }, 'language'],
    ] as const) {
      const r = await put(token, body);
      expect(r.status).toBe(400);
      expect(Object.keys(r.json.errors)).toEqual([field]);
    }
    expect((await get(token)).json).toEqual({
      defaultAudiences: null,
      emailDigest: 'daily',
      push: ALL_PUSH,
      ...ZONE_AND_REMINDER,
    });
    expect((await api('GET', '/api/account/preferences')).status).toBe(401);
    expect(
      (await api('PUT', '/api/account/preferences', { body: { emailDigest: 'off' } })).status,
    ).toBe(401);
  });

  it('keeps a time zone in its canonical spelling and the reminder’s fields apart', async () => {
    const { token } = createUser({ username: 'alice' });
    expect((await put(token, { timeZone: 'america/new_york' })).json.timeZone).toBe(
      'America/New_York',
    );
    await put(token, { reminder: { time: '08:15' } });
    expect((await put(token, { reminder: { days: [6, 0, 6] } })).json.reminder).toEqual({
      time: '08:15',
      days: [0, 6],
    });
    expect((await get(token)).json).toMatchObject({
      timeZone: 'America/New_York',
      reminder: { time: '08:15', days: [0, 6] },
    });
  });

  it('keeps the language chosen (contract: "Languages"); null follows the browser again', async () => {
    const { token } = createUser({ username: 'alice' });
    expect((await get(token)).json.language).toBeNull();
    expect((await put(token, { language: 'es' })).json.language).toBe('es');
    expect((await put(token, { emailDigest: 'daily' })).json.language).toBe('es');
    expect((await get(token)).json.language).toBe('es');
    expect((await put(token, { language: 'ar' })).json.language).toBe('ar');
    expect((await put(token, { language: null })).json.language).toBeNull();
    expect((await get(token)).json).toEqual({
      defaultAudiences: null,
      emailDigest: 'daily',
      push: ALL_PUSH,
      ...ZONE_AND_REMINDER,
    });
  });

  it("keeps each person's own, and forgets them with the account", async () => {
    const alice = createUser({ username: 'alice', password: 'alice-pass' });
    const bob = createUser({ username: 'bob' });
    await put(alice.token, { defaultAudiences: ['Partner'], emailDigest: 'daily' });
    expect((await get(bob.token)).json.defaultAudiences).toBeNull();
    expect((await get(bob.token)).json.emailDigest).toBe('off');

    const erased = await api('DELETE', '/api/account', {
      token: alice.token,
      body: { password: 'alice-pass' },
    });
    expect(erased.status).toBe(204);
    expect(getDb().preferences.filter((p) => p.userId === alice.user.id)).toEqual([]);
  });
});
