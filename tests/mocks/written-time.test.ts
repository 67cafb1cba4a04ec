import { describe, expect, it } from 'vitest';
import { WRITTEN_TIME_FORMAT_MESSAGE } from '../../src/api/written-time';
import { WRITTEN_TIME_OUT_OF_RANGE } from '../../src/domain/written-time';
import { createRumination, createUser } from '../../mocks/store/factories';
import { api, setupMockBackend, type Json } from './mock-backend';

setupMockBackend();

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function postNote(token: string, body: Json, headers?: Record<string, string>) {
  return api('POST', '/api/ruminations', {
    token,
    body: { content: 'Written on the train', publish: true, ...body },
    headers,
  });
}

/** The mock's writtenTMS obeys what tests/server/written-time.test.ts asks of the server. */
describe('writtenTMS: a note or comment keeps the time it was written (mock backend)', () => {
  it('dates a note and a comment written two days ago then; lists keep their order by id', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const earlier = createRumination({ authorId: user.id, content: 'Sent first' });
    const written = at(-2 * DAY_MS);

    const note = await postNote(token, { writtenTMS: written });
    expect(note.status).toBe(201);
    expect(note.json.createTMS).toBe(written);
    // Not "edited": it was written once.
    expect(note.json.updateTMS).toBe(written);
    expect((await api('GET', `/api/ruminations/${note.json.id}`)).json.createTMS).toBe(written);
    const mine = await api('GET', '/api/ruminations/my', { token });
    expect(mine.json.map((r: Json) => r.id)).toEqual([note.json.id, earlier.id]);

    const commentTime = at(-DAY_MS);
    const comment = await api('POST', '/api/comments', {
      token,
      body: { ruminationId: note.json.id, content: 'Also offline', writtenTMS: commentTime },
    });
    expect(comment.status).toBe(201);
    expect(comment.json.createTMS).toBe(commentTime);
    expect(comment.json.updateTMS).toBe(commentTime);
  });

  it('takes any ISO 8601 offset and answers UTC; up to 4 minutes ahead of the clock is believed', async () => {
    const { token } = createUser({ username: 'alice' });
    const local = new Date(Date.now() - 3 * 60 * MINUTE_MS);
    const withOffset = new Date(local.getTime() + 2 * 60 * MINUTE_MS)
      .toISOString()
      .replace('Z', '+02:00');
    const offset = await postNote(token, { writtenTMS: withOffset });
    expect(offset.status).toBe(201);
    expect(offset.json.createTMS).toBe(local.toISOString());

    const ahead = await postNote(token, { writtenTMS: at(4 * MINUTE_MS) });
    expect(ahead.status).toBe(201);
  });

  it('refuses a time more than 30 days back, more than 5 minutes ahead, or not ISO 8601, on its field', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const note = createRumination({ authorId: user.id });
    const cases: [string, string][] = [
      [at(-31 * DAY_MS), WRITTEN_TIME_OUT_OF_RANGE],
      [at(6 * MINUTE_MS), WRITTEN_TIME_OUT_OF_RANGE],
      ['yesterday', WRITTEN_TIME_FORMAT_MESSAGE],
      ['2026-11-25', WRITTEN_TIME_FORMAT_MESSAGE],
    ];
    for (const [writtenTMS, message] of cases) {
      const r = await postNote(token, { writtenTMS });
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual({ writtenTMS: [message] });
      const c = await api('POST', '/api/comments', {
        token,
        body: { ruminationId: note.id, content: 'Late', writtenTMS },
      });
      expect(c.status).toBe(400);
      expect(c.json.errors).toEqual({ writtenTMS: [message] });
    }
    // Nothing refused was stored.
    expect((await api('GET', '/api/ruminations/my', { token })).json).toHaveLength(1);
    expect((await api('GET', `/api/comments/rumination/${note.id}`)).json).toEqual([]);
  });

  it('dates a write without writtenTMS now; an edit does not move createTMS', async () => {
    const { token } = createUser({ username: 'alice' });
    const before = Date.now();
    const note = await postNote(token, {});
    expect(Date.parse(note.json.createTMS)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(note.json.createTMS)).toBeLessThanOrEqual(Date.now() + 1000);

    const edit = await api('PUT', `/api/ruminations/${note.json.id}`, {
      token,
      body: { content: 'Edited', publish: true, writtenTMS: at(-DAY_MS) },
    });
    expect(edit.status).toBe(200);
    expect(edit.json.createTMS).toBe(note.json.createTMS);
  });

  it('replays the first answer for a repeated key, and a refused write may be sent again without the time', async () => {
    const { token } = createUser({ username: 'alice' });
    const written = at(-DAY_MS);
    const key = { 'Idempotency-Key': 'offline-note-0001' };
    const first = await postNote(token, { writtenTMS: written }, key);
    const again = await postNote(token, { writtenTMS: written }, key);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect((await api('GET', '/api/ruminations/my', { token })).json).toHaveLength(1);

    const otherKey = { 'Idempotency-Key': 'offline-note-0002' };
    const refused = await postNote(token, { writtenTMS: at(-40 * DAY_MS) }, otherKey);
    expect(refused.status).toBe(400);
    const resent = await postNote(token, {}, otherKey);
    expect(resent.status).toBe(201);
    expect((await api('GET', '/api/ruminations/my', { token })).json).toHaveLength(2);
  });
});
