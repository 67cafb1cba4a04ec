import { describe, expect, it } from 'vitest';
import type { CalendarMonth, Memory } from '../../src/api/memory-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { localDateOf } from '../../src/domain/local-days';
import { setUpTestApp } from './support/test-app';
import { call, person, type Person } from './ruminations-support';

/**
 * On this day, the calendar and /my?date= (api-contract.md "Memories"): days in the caller's time
 * zone, daylight saving included; 29 February on 28 February; the caller's own notes only, drafts
 * in, the trash out.
 */

const t = setUpTestApp();

async function inZone(zone: string): Promise<Person> {
  const me = await person(t);
  const res = await call(t, 'PUT', '/api/account/preferences', {
    as: me,
    body: { timeZone: zone },
  });
  expect(res.statusCode).toBe(200);
  return me;
}

/** A note of `as` created at `createTMS` (written through the API, then dated in the past). */
async function note(as: Person, createTMS: string, publish = true): Promise<number> {
  const res = await call(t, 'POST', '/api/ruminations', {
    as,
    body: { content: `written ${createTMS}`, publish, audiences: [] },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json<Rumination>().id;
  await t.db
    .updateTable('ruminations')
    .set({ create_tms: createTMS, update_tms: createTMS })
    .where('id', '=', id)
    .execute();
  return id;
}

async function onThisDay(as: Person, date?: string): Promise<Memory[]> {
  const url = `/api/ruminations/on-this-day${date === undefined ? '' : `?date=${date}`}`;
  const res = await call(t, 'GET', url, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Memory[]>();
}

async function calendar(as: Person, month?: string): Promise<CalendarMonth> {
  const url = `/api/ruminations/calendar${month === undefined ? '' : `?month=${month}`}`;
  const res = await call(t, 'GET', url, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarMonth>();
}

async function myDay(as: Person, query: string): Promise<number[]> {
  const res = await call(t, 'GET', `/api/ruminations/my?${query}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Rumination[]>().map((r) => r.id);
}

const ids = (list: { id: number }[]) => list.map((r) => r.id);

describe('GET /api/ruminations/on-this-day', () => {
  it('answers a list of the same day of earlier years, newest year first, with yearsAgo', async () => {
    const me = await inZone('UTC');
    const old = await note(me, '2019-05-03T08:00:00.000Z');
    const morning = await note(me, '2022-05-03T07:00:00.000Z');
    const evening = await note(me, '2022-05-03T21:00:00.000Z');
    await note(me, '2022-05-04T00:00:00.000Z'); // the next day
    await note(me, '2024-05-03T09:00:00.000Z'); // this year's own day: not a memory
    await note(me, '2025-05-03T09:00:00.000Z'); // after the date
    const list = await onThisDay(me, '2024-05-03');
    expect(ids(list)).toEqual([evening, morning, old]);
    expect(list.map((m) => m.yearsAgo)).toEqual([2, 2, 5]);
    expect(list[0]).toMatchObject({ content: 'written 2022-05-03T21:00:00.000Z', media: [] });
  });

  it('counts days in the caller’s time zone: 23:30 UTC is the next day in Madrid', async () => {
    const madrid = await inZone('Europe/Madrid');
    const late = await note(madrid, '2023-05-02T23:30:00.000Z');
    expect(ids(await onThisDay(madrid, '2025-05-03'))).toEqual([late]);
    expect(await onThisDay(madrid, '2025-05-02')).toEqual([]);
    const utc = await inZone('UTC');
    const same = await note(utc, '2023-05-02T23:30:00.000Z');
    expect(ids(await onThisDay(utc, '2025-05-02'))).toEqual([same]);
  });

  it('shows 29 February on 28 February of a year without one, and only there', async () => {
    const me = await inZone('UTC');
    const leapDay = await note(me, '2020-02-29T10:00:00.000Z');
    const feb28 = await note(me, '2021-02-28T10:00:00.000Z');
    const leapYear28 = await note(me, '2020-02-28T10:00:00.000Z');
    const on2023 = await onThisDay(me, '2023-02-28');
    expect(ids(on2023)).toEqual([feb28, leapDay, leapYear28]);
    expect(on2023.map((m) => m.yearsAgo)).toEqual([2, 3, 3]);
    // A leap year's 28 February is its own day; its 29 February shows the day after.
    expect(ids(await onThisDay(me, '2024-02-28'))).toEqual([feb28, leapYear28]);
    expect(ids(await onThisDay(me, '2024-02-29'))).toEqual([leapDay]);
    expect(await onThisDay(me, '2023-03-01')).toEqual([]);
  });

  it('holds the whole local day on the days clocks change (23 and 25 hours)', async () => {
    const madrid = await inZone('Europe/Madrid');
    // 26 March 2023 ran from 2023-03-25T23:00Z to 2023-03-26T22:00Z in Madrid.
    const first = await note(madrid, '2023-03-25T23:10:00.000Z');
    await note(madrid, '2023-03-26T22:30:00.000Z'); // 00:30 on the 27th
    expect(ids(await onThisDay(madrid, '2024-03-26'))).toEqual([first]);
    // 29 October 2023 ran from 2023-10-28T22:00Z to 2023-10-29T23:00Z.
    const last = await note(madrid, '2023-10-29T22:30:00.000Z');
    await note(madrid, '2023-10-28T21:30:00.000Z'); // 23:30 on the 28th
    expect(ids(await onThisDay(madrid, '2024-10-29'))).toEqual([last]);
  });

  it('includes drafts, leaves out the trash and never shows anyone else’s notes', async () => {
    const me = await inZone('UTC');
    const other = await inZone('UTC');
    const draft = await note(me, '2021-07-14T10:00:00.000Z', false);
    const trashed = await note(me, '2021-07-14T11:00:00.000Z');
    expect((await call(t, 'DELETE', `/api/ruminations/${trashed}`, { as: me })).statusCode).toBe(
      204,
    );
    await note(other, '2021-07-14T12:00:00.000Z');
    expect(ids(await onThisDay(me, '2024-07-14'))).toEqual([draft]);
  });

  it('answers at most 50', async () => {
    const me = await inZone('UTC');
    const rows = Array.from({ length: 55 }, (_, i) => {
      const tms = `2020-09-09T10:${String(i).padStart(2, '0')}:00.000Z`;
      return {
        author_id: me.id,
        content: `n${i}`,
        is_published: 0 as const,
        audience_mask: 0,
        create_tms: tms,
        update_tms: tms,
      };
    });
    await t.db.insertInto('ruminations').values(rows).execute();
    const list = await onThisDay(me, '2024-09-09');
    expect(list).toHaveLength(50);
    expect(list[0]!.content).toBe('n54');
  });

  it('defaults to today in the caller’s zone', async () => {
    const me = await inZone('UTC');
    const today = localDateOf(Date.now(), 'UTC');
    const year = Number(today.slice(0, 4));
    const back = today.endsWith('02-29') ? 4 : 1;
    const id = await note(me, `${year - back}${today.slice(4)}T12:00:00.000Z`);
    const list = await onThisDay(me);
    expect(ids(list)).toEqual([id]);
    expect(list[0]!.yearsAgo).toBe(back);
  });

  it('answers 400 on a date that is not a calendar date, and 401 signed out', async () => {
    const me = await inZone('UTC');
    for (const date of ['2023-02-29', '2023-13-01', '03-05-2023', 'today']) {
      const res = await call(t, 'GET', `/api/ruminations/on-this-day?date=${date}`, { as: me });
      expect(res.statusCode, date).toBe(400);
      expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['date']);
    }
    expect((await call(t, 'GET', '/api/ruminations/on-this-day')).statusCode).toBe(401);
  });
});

describe('GET /api/ruminations/calendar', () => {
  it('counts my notes per local day of the month, only days with notes, in date order', async () => {
    const madrid = await inZone('Europe/Madrid');
    const other = await inZone('Europe/Madrid');
    await note(madrid, '2023-05-02T23:30:00.000Z'); // 3 May in Madrid
    await note(madrid, '2023-05-03T10:00:00.000Z', false); // a draft counts
    await note(madrid, '2023-05-31T22:30:00.000Z'); // 1 June in Madrid
    await note(madrid, '2023-04-30T22:30:00.000Z'); // 1 May in Madrid
    await note(madrid, '2023-05-20T10:00:00.000Z');
    const trashed = await note(madrid, '2023-05-21T10:00:00.000Z');
    await call(t, 'DELETE', `/api/ruminations/${trashed}`, { as: madrid });
    await note(other, '2023-05-10T10:00:00.000Z');
    expect(await calendar(madrid, '2023-05')).toEqual({
      month: '2023-05',
      days: [
        { date: '2023-05-01', count: 1 },
        { date: '2023-05-03', count: 2 },
        { date: '2023-05-20', count: 1 },
      ],
    });
    expect(await calendar(madrid, '2023-06')).toEqual({
      month: '2023-06',
      days: [{ date: '2023-06-01', count: 1 }],
    });
  });

  it('holds a month whose clocks change, and defaults to this month', async () => {
    const madrid = await inZone('Europe/Madrid');
    await note(madrid, '2023-03-31T21:59:00.000Z'); // 23:59 on 31 March (summer time)
    await note(madrid, '2023-03-31T22:00:00.000Z'); // 1 April
    expect((await calendar(madrid, '2023-03')).days).toEqual([{ date: '2023-03-31', count: 1 }]);
    const now = new Date().toISOString();
    await note(madrid, now);
    const thisMonth = await calendar(madrid);
    expect(thisMonth.month).toBe(localDateOf(Date.now(), 'Europe/Madrid').slice(0, 7));
    expect(thisMonth.days).toEqual([{ date: localDateOf(Date.now(), 'Europe/Madrid'), count: 1 }]);
  });

  it('answers 400 on a bad month and 401 signed out', async () => {
    const me = await inZone('UTC');
    for (const month of ['2023-13', '2023-00', '2023-5', '2023-05-01']) {
      const res = await call(t, 'GET', `/api/ruminations/calendar?month=${month}`, { as: me });
      expect(res.statusCode, month).toBe(400);
      expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['month']);
    }
    expect((await call(t, 'GET', '/api/ruminations/calendar')).statusCode).toBe(401);
  });
});

describe('GET /api/ruminations/my?date= (ours: the calendar’s day)', () => {
  it('lists my notes of that local day, drafts included, with the other parameters', async () => {
    const madrid = await inZone('Europe/Madrid');
    const other = await inZone('Europe/Madrid');
    const late = await note(madrid, '2023-05-02T23:30:00.000Z');
    const draft = await note(madrid, '2023-05-03T12:00:00.000Z', false);
    await note(madrid, '2023-05-02T21:30:00.000Z');
    await note(other, '2023-05-03T12:00:00.000Z');
    expect(await myDay(madrid, 'date=2023-05-03')).toEqual([draft, late]);
    expect(await myDay(madrid, 'date=2023-05-03&isPublic=true')).toEqual([late]);
    expect(await myDay(madrid, 'date=2023-05-03&Limit=1')).toEqual([draft]);
    expect(await myDay(madrid, 'date=2023-05-03&q=written')).toEqual([draft, late]);
    expect(await myDay(madrid, 'date=2023-05-04')).toEqual([]);
  });

  it('answers 400 on a date that is not a calendar date', async () => {
    const me = await inZone('UTC');
    const res = await call(t, 'GET', '/api/ruminations/my?date=2023-02-30', { as: me });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['date']);
  });
});
