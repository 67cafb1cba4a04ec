import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../src/api/comment-schemas';
import type { Notification } from '../../src/api/notification-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { WRITTEN_TIME_FUTURE_MS, WRITTEN_TIME_PAST_MS } from '../../src/api/limits';
import { setUpTestApp } from './support/test-app';
import { call, idsOf, person, writeRumination, type Person } from './ruminations-support';

const t = setUpTestApp();

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** An ISO time `ms` from now (negative: in the past). */
function fromNow(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

function postNote(as: Person, body: Record<string, unknown>, headers?: Record<string, string>) {
  return call(t, 'POST', '/api/ruminations', {
    as,
    body: { content: 'written on the train', publish: true, ...body },
    ...(headers ? { headers } : {}),
  });
}

function postComment(as: Person, body: Record<string, unknown>) {
  return call(t, 'POST', '/api/comments', { as, body: { content: 'a thought', ...body } });
}

async function countOwn(as: Person): Promise<number> {
  return idsOf(await call(t, 'GET', '/api/ruminations/my?Limit=100', { as })).length;
}

function expectRefusedOnWrittenTMS(res: { statusCode: number; json<T>(): T }): void {
  expect(res.statusCode).toBe(400);
  const problem = res.json<{ errors?: Record<string, string[]> }>();
  expect(Object.keys(problem.errors ?? {})).toEqual(['writtenTMS']);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('writtenTMS on POST /api/ruminations', () => {
  it('dates a note written 2 days ago then, not edited, one without it now; lists keep id order', async () => {
    const author = await person(t);
    // Without writtenTMS: dated when it arrives.
    const before = Date.now();
    const earlier = await writeRumination(t, author);
    expect(Date.parse(earlier.createTMS)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(earlier.createTMS)).toBeLessThanOrEqual(Date.now());
    const written = fromNow(-2 * DAY);
    const res = await postNote(author, { writtenTMS: written });
    expect(res.statusCode).toBe(201);
    const note = res.json<Rumination>();
    expect(note.createTMS).toBe(written);
    expect(note.updateTMS).toBe(written);
    const read = await call(t, 'GET', `/api/ruminations/${note.id}`, { as: author });
    expect(read.json<Rumination>()).toMatchObject({ createTMS: written, updateTMS: written });
    // Newest first by id: the note sent last comes first, though it was written before.
    const mine = await call(t, 'GET', '/api/ruminations/my', { as: author });
    expect(idsOf(mine)).toEqual([note.id, earlier.id]);
  });

  it('takes an offset and answers the same instant in UTC', async () => {
    const author = await person(t);
    const written = new Date(Date.now() - 3 * DAY);
    written.setUTCMilliseconds(0);
    const local = new Date(written.getTime() + 2 * 60 * MINUTE).toISOString().slice(0, 19);
    const res = await postNote(author, { writtenTMS: `${local}+02:00` });
    expect(res.statusCode).toBe(201);
    expect(res.json<Rumination>().createTMS).toBe(written.toISOString());
  });

  it('refuses 31 days ago, 6 minutes ahead and garbage on writtenTMS (400), creating nothing', async () => {
    const author = await person(t);
    for (const writtenTMS of [
      fromNow(-31 * DAY),
      fromNow(6 * MINUTE),
      'yesterday',
      '2026-13-45T10:00:00Z',
      12345,
    ]) {
      const res = await postNote(author, { writtenTMS });
      expectRefusedOnWrittenTMS(res);
    }
    expect(await countOwn(author)).toBe(0);
  });

  it('accepts 4 minutes ahead (a phone clock running fast)', async () => {
    const author = await person(t);
    const written = fromNow(4 * MINUTE);
    const res = await postNote(author, { writtenTMS: written });
    expect(res.statusCode).toBe(201);
    expect(res.json<Rumination>().createTMS).toBe(written);
  });

  it('replays the first answer of an Idempotency-Key even once its time has grown too old', async () => {
    const author = await person(t);
    const written = fromNow(-WRITTEN_TIME_PAST_MS + MINUTE);
    const key = { 'Idempotency-Key': randomUUID() };
    const first = await postNote(author, { writtenTMS: written }, key);
    expect(first.statusCode).toBe(201);
    expect(first.json<Rumination>().createTMS).toBe(written);
    // A resend two minutes later: the time is now more than 30 days old.
    vi.useFakeTimers({ now: Date.now() + 2 * MINUTE, toFake: ['Date'] });
    const replay = await postNote(author, { writtenTMS: written }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    // The same write under a new key is decided anew, and refused.
    expectRefusedOnWrittenTMS(
      await postNote(author, { writtenTMS: written }, { 'Idempotency-Key': randomUUID() }),
    );
    expect(await countOwn(author)).toBe(1);
  });
});

describe('writtenTMS on POST /api/comments', () => {
  it('dates a comment and a reply written 2 days ago then, tells now; the thread keeps id order', async () => {
    const author = await person(t);
    const reader = await person(t);
    const note = await writeRumination(t, author);
    const first = await postComment(author, { ruminationId: note.id });
    expect(first.statusCode).toBe(201);
    const written = fromNow(-2 * DAY);
    const sent = Date.now();
    const res = await postComment(reader, { ruminationId: note.id, writtenTMS: written });
    expect(res.statusCode).toBe(201);
    const late = res.json<Comment>();
    expect(late).toMatchObject({ createTMS: written, updateTMS: written });
    // Its author is told now: that is when the notification was sent.
    const told = await call(t, 'GET', '/api/notifications', { as: author });
    const [notification] = told.json<Notification[]>();
    expect(notification?.commentId).toBe(late.id);
    expect(Date.parse(notification?.createTMS ?? '')).toBeGreaterThanOrEqual(sent);
    const reply = await postComment(author, { parentCommentId: late.id, writtenTMS: written });
    expect(reply.json<Comment>()).toMatchObject({ createTMS: written, updateTMS: written });
    const thread = await call(t, 'GET', `/api/comments/rumination/${note.id}`, { as: reader });
    expect(idsOf(thread)).toEqual([first.json<Comment>().id, late.id]);
  });

  it('replays the first answer of an Idempotency-Key even once its time has grown too old', async () => {
    const author = await person(t);
    const reader = await person(t);
    const note = await writeRumination(t, author);
    const body = { content: 'sent from the train', ruminationId: note.id };
    const written = fromNow(-WRITTEN_TIME_PAST_MS + MINUTE);
    const headers = { 'Idempotency-Key': randomUUID() };
    const send = () =>
      call(t, 'POST', '/api/comments', {
        as: reader,
        body: { ...body, writtenTMS: written },
        headers,
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json<Comment>().createTMS).toBe(written);
    vi.useFakeTimers({ now: Date.now() + 2 * MINUTE, toFake: ['Date'] });
    const replay = await send();
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const thread = await call(t, 'GET', `/api/comments/rumination/${note.id}`, { as: reader });
    expect(idsOf(thread)).toEqual([first.json<Comment>().id]);
  });

  it('refuses 31 days ago, 6 minutes ahead and garbage on writtenTMS (400); 4 minutes ahead is fine', async () => {
    const author = await person(t);
    const note = await writeRumination(t, author);
    for (const writtenTMS of [
      fromNow(-31 * DAY),
      fromNow(WRITTEN_TIME_FUTURE_MS + MINUTE),
      'soon',
    ]) {
      expectRefusedOnWrittenTMS(await postComment(author, { ruminationId: note.id, writtenTMS }));
    }
    const written = fromNow(4 * MINUTE);
    const ok = await postComment(author, { ruminationId: note.id, writtenTMS: written });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Comment>().createTMS).toBe(written);
    const thread = await call(t, 'GET', `/api/comments/rumination/${note.id}`, { as: author });
    expect(idsOf(thread)).toEqual([ok.json<Comment>().id]);
  });
});
