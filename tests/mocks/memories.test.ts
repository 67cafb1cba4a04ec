import { describe, expect, it } from 'vitest';
import { calendarMonth, memoryList } from '../../src/api/memory-schemas';
import { createRumination, createUser } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { api, setupMockBackend, type Json } from './mock-backend';

setupMockBackend();

/** The mock's on this day, calendar and /my?date= obey what tests/server/memories.test.ts asks. */

const ids = (list: Json[]) => list.map((r: Json) => r.id as number);

async function inZone(username: string, timeZone: string) {
  const created = createUser({ username });
  const r = await api('PUT', '/api/account/preferences', {
    token: created.token,
    body: { timeZone },
  });
  expect(r.status).toBe(200);
  return created;
}

describe('on this day (mock backend)', () => {
  it('lists my notes of the same local day of earlier years, newest year first, with yearsAgo', async () => {
    const { user, token } = await inZone('ana', 'Europe/Madrid');
    const { user: bob } = createUser({ username: 'bob' });
    const at = (createTMS: string, isPublished = true) =>
      createRumination({ authorId: user.id, createTMS, isPublished }).id;
    const old = at('2019-05-03T08:00:00.000Z');
    const late = at('2023-05-02T23:30:00.000Z', false); // 3 May in Madrid, a draft
    at('2023-05-03T22:30:00.000Z'); // 4 May in Madrid
    at('2025-05-03T09:00:00.000Z'); // this year
    const trashed = createRumination({ authorId: user.id, createTMS: '2022-05-03T09:00:00.000Z' });
    trashed.deletedTMS = new Date().toISOString();
    createRumination({ authorId: bob.id, createTMS: '2022-05-03T09:00:00.000Z' });
    const r = await api('GET', '/api/ruminations/on-this-day?date=2025-05-03', { token });
    expect(r.status).toBe(200);
    const list = memoryList.parse(r.json);
    expect(ids(list)).toEqual([late, old]);
    expect(list.map((m) => m.yearsAgo)).toEqual([2, 6]);
  });

  it('shows 29 February on 28 February of a year without one, and only there', async () => {
    const { user, token } = await inZone('ana', 'UTC');
    const leapDay = createRumination({ authorId: user.id, createTMS: '2020-02-29T10:00:00.000Z' });
    const feb28 = createRumination({ authorId: user.id, createTMS: '2021-02-28T10:00:00.000Z' });
    const on = async (date: string) =>
      ids((await api('GET', `/api/ruminations/on-this-day?date=${date}`, { token })).json);
    expect(await on('2023-02-28')).toEqual([feb28.id, leapDay.id]);
    expect(await on('2024-02-28')).toEqual([feb28.id]);
    expect(await on('2024-02-29')).toEqual([leapDay.id]);
  });

  it('holds the 23-hour day clocks go forward on', async () => {
    const { user, token } = await inZone('ana', 'Europe/Madrid');
    const first = createRumination({ authorId: user.id, createTMS: '2023-03-25T23:10:00.000Z' });
    createRumination({ authorId: user.id, createTMS: '2023-03-26T22:30:00.000Z' });
    const r = await api('GET', '/api/ruminations/on-this-day?date=2024-03-26', { token });
    expect(ids(r.json)).toEqual([first.id]);
  });

  it('answers 400 on a date that is not a calendar date, 401 signed out, and is no rumination id', async () => {
    const { token } = await inZone('ana', 'UTC');
    const bad = await api('GET', '/api/ruminations/on-this-day?date=2023-02-29', { token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors as object)).toEqual(['date']);
    expect((await api('GET', '/api/ruminations/on-this-day')).status).toBe(401);
    expect((await api('GET', '/api/ruminations/on-this-day', { token })).json).toEqual([]);
  });
});

describe('the calendar (mock backend)', () => {
  it('counts my live notes per local day of the month, in date order', async () => {
    const { user, token } = await inZone('ana', 'Europe/Madrid');
    const { user: bob } = createUser({ username: 'bob' });
    createRumination({ authorId: user.id, createTMS: '2023-05-02T23:30:00.000Z' });
    createRumination({
      authorId: user.id,
      createTMS: '2023-05-03T10:00:00.000Z',
      isPublished: false,
    });
    createRumination({ authorId: user.id, createTMS: '2023-04-30T22:30:00.000Z' });
    createRumination({ authorId: user.id, createTMS: '2023-05-31T22:30:00.000Z' });
    createRumination({ authorId: bob.id, createTMS: '2023-05-10T10:00:00.000Z' });
    const r = await api('GET', '/api/ruminations/calendar?month=2023-05', { token });
    expect(calendarMonth.parse(r.json)).toEqual({
      month: '2023-05',
      days: [
        { date: '2023-05-01', count: 1 },
        { date: '2023-05-03', count: 2 },
      ],
    });
    const bad = await api('GET', '/api/ruminations/calendar?month=2023-13', { token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors as object)).toEqual(['month']);
    expect((await api('GET', '/api/ruminations/calendar')).status).toBe(401);
  });

  it('/my?date= lists that local day’s notes, drafts included', async () => {
    const { user, token } = await inZone('ana', 'Europe/Madrid');
    const late = createRumination({ authorId: user.id, createTMS: '2023-05-02T23:30:00.000Z' });
    const draft = createRumination({
      authorId: user.id,
      createTMS: '2023-05-03T12:00:00.000Z',
      isPublished: false,
    });
    createRumination({ authorId: user.id, createTMS: '2023-05-02T21:30:00.000Z' });
    const r = await api('GET', '/api/ruminations/my?date=2023-05-03', { token });
    expect(ids(r.json)).toEqual([draft.id, late.id]);
    const published = await api('GET', '/api/ruminations/my?date=2023-05-03&isPublic=true', {
      token,
    });
    expect(ids(published.json)).toEqual([late.id]);
    expect((await api('GET', '/api/ruminations/my?date=2023-02-30', { token })).status).toBe(400);
    expect(getDb().ruminations).toHaveLength(3);
  });
});
