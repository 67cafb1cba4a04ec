import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/credentials/password';
import type { Preferences } from '../../src/api/preferences-schemas';
import { createActiveUser, setUpTestApp } from './support/test-app';
import { yieldAfterEachQuery } from './support/yield-after-each-query';
import { call, person, type Person } from './ruminations-support';

const t = setUpTestApp();

const URL = '/api/account/preferences';

const EVERY_PUSH_ON = {
  RelationRequested: true,
  RelationAccepted: true,
  CommentOnMyRumination: true,
  ReplyToMyComment: true,
  ReactionOnMyRumination: true,
  MentionedMe: true,
};

/** "Ask each time" (null), not Public: a new account's notes reach nobody it did not choose. */
const DEFAULTS: Preferences = {
  defaultAudiences: null,
  emailDigest: 'off',
  push: EVERY_PUSH_ON,
  timeZone: 'UTC',
  reminder: { time: null, days: [0, 1, 2, 3, 4, 5, 6] },
  language: null,
};

async function read(as: Person): Promise<Preferences> {
  const res = await call(t, 'GET', URL, { as });
  expect(res.statusCode).toBe(200);
  return res.json<Preferences>();
}

async function put(as: Person, body: unknown): Promise<Preferences> {
  const res = await call(t, 'PUT', URL, { as, body });
  if (res.statusCode !== 200) throw new Error(`PUT failed: ${res.statusCode} ${res.body}`);
  return res.json<Preferences>();
}

describe('GET /api/account/preferences', () => {
  it('answers the defaults to someone who never chose: ask each time, no digest, every push', async () => {
    expect(await read(await person(t))).toEqual(DEFAULTS);
  });

  it('answers 401 without a token, to GET and PUT alike', async () => {
    expect((await call(t, 'GET', URL)).statusCode).toBe(401);
    const res = await call(t, 'PUT', URL, { body: { emailDigest: 'daily' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/account/preferences', () => {
  it('changes only the fields sent, push kinds one by one, and answers all of them', async () => {
    const me = await person(t);
    expect(await put(me, { emailDigest: 'weekly' })).toEqual({
      ...DEFAULTS,
      emailDigest: 'weekly',
    });
    expect(await put(me, { push: { ReplyToMyComment: false } })).toEqual({
      ...DEFAULTS,
      emailDigest: 'weekly',
      push: { ...EVERY_PUSH_ON, ReplyToMyComment: false },
    });
    await put(me, { push: { RelationRequested: false } });
    await put(me, { defaultAudiences: ['Friend'] });
    const expected: Preferences = {
      ...DEFAULTS,
      defaultAudiences: ['Friend'],
      emailDigest: 'weekly',
      push: { ...EVERY_PUSH_ON, RelationRequested: false, ReplyToMyComment: false },
    };
    expect(await read(me)).toEqual(expected);
    // Turned back on, and an empty PUT changes nothing.
    expect(await put(me, { push: { RelationRequested: true } })).toEqual({
      ...expected,
      push: { ...expected.push, RelationRequested: true },
    });
    expect(await put(me, {})).toEqual({
      ...expected,
      push: { ...expected.push, RelationRequested: true },
    });
  });

  it('takes audiences by name or number, drops duplicates, answers names in type order', async () => {
    const me = await person(t);
    const saved = await put(me, { defaultAudiences: ['BestFriend', 2, 'Friend', 1, 'Therapist'] });
    expect(saved.defaultAudiences).toEqual(['Family', 'Friend', 'BestFriend', 'Therapist']);
    expect((await read(me)).defaultAudiences).toEqual(saved.defaultAudiences);
    // [] is a chosen Public, kept as such; null goes back to asking each time.
    expect((await put(me, { defaultAudiences: [] })).defaultAudiences).toEqual([]);
    expect((await read(me)).defaultAudiences).toEqual([]);
    expect(await put(me, { defaultAudiences: null })).toEqual(DEFAULTS);
    expect(await read(me)).toEqual(DEFAULTS);
  });

  it('keeps asking each time when only other fields change', async () => {
    const me = await person(t);
    await put(me, { emailDigest: 'daily', push: { RelationAccepted: false } });
    expect((await read(me)).defaultAudiences).toBeNull();
    await put(me, { defaultAudiences: [] });
    await put(me, { emailDigest: 'weekly' });
    expect((await read(me)).defaultAudiences).toEqual([]);
  });

  it('refuses a digest, an audience or a push value it does not know (400), changing nothing', async () => {
    const me = await person(t);
    await put(me, { emailDigest: 'daily' });
    const refused = [
      { body: { emailDigest: 'hourly' }, field: 'emailDigest' },
      { body: { defaultAudiences: ['Stranger'] }, field: 'defaultAudiences' },
      { body: { defaultAudiences: [6] }, field: 'defaultAudiences' },
      { body: { push: { ReplyToMyComment: 'no' } }, field: 'push' },
    ];
    for (const { body, field } of refused) {
      const res = await call(t, 'PUT', URL, { as: me, body: { emailDigest: 'weekly', ...body } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = res.json<{ errors: Record<string, string[]> }>().errors;
      expect(
        Object.keys(errors).some((key) => key.startsWith(field)),
        res.body,
      ).toBe(true);
    }
    expect(await read(me)).toEqual({ ...DEFAULTS, emailDigest: 'daily' });
  });

  it('ignores a push kind it does not know (unknown fields are ignored)', async () => {
    const me = await person(t);
    const saved = await put(me, { push: { SomethingNew: false, RelationAccepted: false } });
    expect(saved.push).toEqual({ ...EVERY_PUSH_ON, RelationAccepted: false });
  });

  it('keeps each person’s own: a second account sees its defaults, not the first’s', async () => {
    const first = await person(t);
    const second = await person(t);
    await put(first, { defaultAudiences: ['Family'], emailDigest: 'daily' });
    expect(await read(second)).toEqual(DEFAULTS);
    await put(second, { emailDigest: 'weekly' });
    expect((await read(first)).emailDigest).toBe('daily');
  });

  it('is open while the terms wait for acceptance, like the rest of /api/account', async () => {
    const behind = await person(t, { acceptTerms: false });
    expect((await put(behind, { emailDigest: 'daily' })).emailDigest).toBe('daily');
  });

  it('keeps every field of concurrent PUTs that change different fields', async () => {
    const me = await person(t);
    await Promise.all([
      put(me, { emailDigest: 'weekly' }),
      put(me, { defaultAudiences: ['Partner'] }),
      put(me, { push: { RelationRequested: false } }),
      put(me, { push: { CommentOnMyRumination: false } }),
    ]);
    expect(await read(me)).toEqual({
      ...DEFAULTS,
      defaultAudiences: ['Partner'],
      emailDigest: 'weekly',
      push: { ...EVERY_PUSH_ON, RelationRequested: false, CommentOnMyRumination: false },
    });
  });
});

describe('the time zone and the reminder (contract: "Memories")', () => {
  it('keeps a zone Intl knows, in its canonical spelling, and refuses any other on timeZone', async () => {
    const me = await person(t);
    expect((await put(me, { timeZone: 'europe/madrid' })).timeZone).toBe('Europe/Madrid');
    expect((await read(me)).timeZone).toBe('Europe/Madrid');
    for (const timeZone of ['Mars/Olympus_Mons', '', 'Europe/Madrid; drop table users', 42]) {
      const res = await call(t, 'PUT', URL, { as: me, body: { timeZone, emailDigest: 'daily' } });
      expect(res.statusCode, String(timeZone)).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toContain(
        'timeZone',
      );
    }
    expect(await read(me)).toEqual({ ...DEFAULTS, timeZone: 'Europe/Madrid' });
  });

  it('sets the reminder’s time and days apart, days each once in order, null turning it off', async () => {
    const me = await person(t);
    expect((await put(me, { reminder: { time: '21:30' } })).reminder).toEqual({
      time: '21:30',
      days: [0, 1, 2, 3, 4, 5, 6],
    });
    expect((await put(me, { reminder: { days: [5, 1, 3, 1] } })).reminder).toEqual({
      time: '21:30',
      days: [1, 3, 5],
    });
    await put(me, { timeZone: 'Asia/Tokyo' });
    expect((await read(me)).reminder).toEqual({ time: '21:30', days: [1, 3, 5] });
    expect((await put(me, { reminder: { time: null } })).reminder).toEqual({
      time: null,
      days: [1, 3, 5],
    });
    for (const reminder of [{ time: '24:00' }, { time: '7:30' }, { days: [7] }, { days: [-1] }]) {
      const res = await call(t, 'PUT', URL, { as: me, body: { reminder } });
      expect(res.statusCode, JSON.stringify(reminder)).toBe(400);
    }
    expect((await read(me)).reminder).toEqual({ time: null, days: [1, 3, 5] });
  });
});

describe('the language (contract: "Languages")', () => {
  it('follows the browser (null) until chosen, keeps a choice, and null follows the browser again', async () => {
    const me = await person(t);
    expect((await read(me)).language).toBeNull();
    expect(await put(me, { language: 'es' })).toEqual({ ...DEFAULTS, language: 'es' });
    expect(await read(me)).toEqual({ ...DEFAULTS, language: 'es' });
    // Other fields leave it alone; another language replaces it; null resets it.
    await put(me, { emailDigest: 'daily' });
    expect((await read(me)).language).toBe('es');
    expect((await put(me, { language: 'ar' })).language).toBe('ar');
    expect(await put(me, { language: null })).toEqual({ ...DEFAULTS, emailDigest: 'daily' });
    expect((await read(me)).language).toBeNull();
  });

  it('refuses a language the app does not speak (400 on language), changing nothing', async () => {
    const me = await person(t);
    await put(me, { language: 'es' });
    for (const language of ['fr', 'ES', 'es-ES', '', 42, true]) {
      const res = await call(t, 'PUT', URL, { as: me, body: { language, emailDigest: 'daily' } });
      expect(res.statusCode, JSON.stringify(language)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
        'language',
      ]);
    }
    expect(await read(me)).toEqual({ ...DEFAULTS, language: 'es' });
  });
});

describe('erasing the account', () => {
  it('removes the preferences with it', async () => {
    const me = await person(t);
    const password = 'quiet harbour 42';
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', me.id)
      .execute();
    await put(me, { defaultAudiences: ['Friend'], emailDigest: 'daily' });
    const res = await call(t, 'DELETE', '/api/account', { as: me, body: { password } });
    expect(res.statusCode).toBe(204);
    const rows = await t.db
      .selectFrom('user_preferences')
      .select('user_id')
      .where('user_id', '=', me.id)
      .execute();
    expect(rows).toEqual([]);
  }, 60_000);
});

const raced = setUpTestApp({ dbPlugins: [yieldAfterEachQuery] });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('erasing the account while its preferences are being saved', () => {
  it.each([1, 2, 3])('leaves no preferences and acknowledges none late (round %i)', async () => {
    const leaver = await createActiveUser(raced.app);
    const as = { id: leaver.id, username: leaver.username, token: leaver.token };
    let clock = 0;
    let deleted = false;
    const answers: { status: number; at: number }[] = [];
    async function writer(index: number): Promise<void> {
      while (!deleted) {
        const res = await call(raced, 'PUT', URL, {
          as,
          body: { emailDigest: index % 2 ? 'daily' : 'weekly', push: { RelationAccepted: false } },
        });
        clock += 1;
        answers.push({ status: res.statusCode, at: clock });
        if (res.statusCode === 401) return;
        // A breath between saves, as a person's tabs leave: back-to-back FOR SHARE locks from six
        // writers can keep PostgreSQL's erasure (FOR NO KEY UPDATE) waiting for seconds, as row
        // locks do not queue a new sharer behind a waiting updater (CI timed out at 20 s).
        await pause(3);
      }
    }
    const writers = Array.from({ length: 6 }, (_, i) => writer(i));
    while (answers.length < 12) await pause(2);
    const deletion = await call(raced, 'DELETE', '/api/account', {
      as,
      body: { password: leaver.password },
    });
    clock += 1;
    const deletedAt = clock;
    deleted = true;
    await Promise.all(writers);

    expect(deletion.statusCode).toBe(204);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 401)).toEqual([]);
    expect(answers.filter((a) => a.status === 200 && a.at > deletedAt)).toEqual([]);
    const rows = await raced.db
      .selectFrom('user_preferences')
      .select('user_id')
      .where('user_id', '=', leaver.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
