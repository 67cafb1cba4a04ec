import { describe, expect, it } from 'vitest';
import type { Rumination } from '../../src/api/rumination-schemas';
import { setUpTestApp } from './support/test-app';
import { call, person, writeRumination } from './ruminations-support';

/**
 * Versions and preconditions of ruminations (api-contract.md "Your writing is never lost"): the
 * ETag a rumination is read with, If-Match on PUT and DELETE, the 412 with `current`.
 */

const t = setUpTestApp();

const edit = (content: string) => ({ content, publish: true });

describe('versions and If-Match', () => {
  it('GET answers ETag "<version>"; each PUT bumps the version and answers its ETag', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    expect(r.version).toBe(1);
    const read = await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me });
    expect(read.headers.etag).toBe('"1"');
    const put = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: edit('second'),
      headers: { 'If-Match': '"1"' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<Rumination>().version).toBe(2);
    expect(put.headers.etag).toBe('"2"');
    const again = await call(t, 'GET', `/api/ruminations/${r.id}`, { as: null });
    expect(again.headers.etag).toBe('"2"');
    expect(again.json<Rumination>()).toMatchObject({ content: 'second', version: 2 });
  });

  it('a PUT on a stale version changes nothing: 412 with the rumination as it is now', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me, { content: 'first' });
    await call(t, 'PUT', `/api/ruminations/${r.id}`, { as: me, body: edit('laptop') });
    const stale = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: edit('phone'),
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.statusCode).toBe(412);
    const problem = stale.json<{ title: string; current: Rumination }>();
    expect(problem.title).toBe('This was changed elsewhere');
    const now = await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me });
    expect(problem.current).toEqual(now.json());
    expect(problem.current).toMatchObject({ content: 'laptop', version: 2 });
  });

  it('a DELETE on a stale version is 412 and the rumination stays; on the current one 204', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    await call(t, 'PUT', `/api/ruminations/${r.id}`, { as: me, body: edit('changed') });
    const stale = await call(t, 'DELETE', `/api/ruminations/${r.id}`, {
      as: me,
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ current: Rumination }>().current.version).toBe(2);
    expect((await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me })).statusCode).toBe(200);
    const current = await call(t, 'DELETE', `/api/ruminations/${r.id}`, {
      as: me,
      headers: { 'If-Match': '"2"' },
    });
    expect(current.statusCode).toBe(204);
  });

  it('If-Match * and no If-Match: last write wins, as for clients written for the spec', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    await call(t, 'PUT', `/api/ruminations/${r.id}`, { as: me, body: edit('a') });
    const star = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: edit('b'),
      headers: { 'If-Match': '*' },
    });
    expect(star.json<Rumination>()).toMatchObject({ content: 'b', version: 3 });
    const none = await call(t, 'PUT', `/api/ruminations/${r.id}`, { as: me, body: edit('c') });
    expect(none.json<Rumination>()).toMatchObject({ content: 'c', version: 4 });
  });

  it.each(['1', '"0"', '"abc"', 'W/"1"', '"1", "2"'])(
    'a malformed If-Match (%s) is 400 and changes nothing',
    async (header) => {
      const me = await person(t);
      const r = await writeRumination(t, me, { content: 'kept' });
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await call(t, method, `/api/ruminations/${r.id}`, {
          as: me,
          body: method === 'PUT' ? edit('lost') : undefined,
          headers: { 'If-Match': header },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ title: string }>().title).toBe('The If-Match header is malformed');
      }
      const read = await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me });
      expect(read.json<Rumination>()).toMatchObject({ content: 'kept', version: 1 });
    },
  );

  it('the precondition is checked after auth and body validation: 401, 400 on the body, 404', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    const stale = { 'If-Match': '"9"' };
    const anonymous = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      body: edit('x'),
      headers: stale,
    });
    expect(anonymous.statusCode).toBe(401);
    const badBody = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: { content: '', publish: true },
      headers: { 'If-Match': 'bad' },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json<{ title: string }>().title).not.toBe('The If-Match header is malformed');
    const stranger = await call(t, 'PUT', `/api/ruminations/${r.id + 1000}`, {
      as: me,
      body: edit('x'),
      headers: stale,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('two concurrent PUTs with the same If-Match: exactly one 200, the other 412', async () => {
    const me = await person(t);
    for (let round = 0; round < 5; round++) {
      const r = await writeRumination(t, me);
      const answers = await Promise.all(
        ['one', 'two'].map((content) =>
          call(t, 'PUT', `/api/ruminations/${r.id}`, {
            as: me,
            body: edit(content),
            headers: { 'If-Match': '"1"' },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
      const won = answers.find((a) => a.statusCode === 200)!.json<Rumination>();
      const lost = answers.find((a) => a.statusCode === 412)!.json<{ current: Rumination }>();
      expect(lost.current).toMatchObject({ content: won.content, version: 2 });
      const history = await call(t, 'GET', `/api/ruminations/${r.id}/revisions`, { as: me });
      expect(history.json<unknown[]>()).toHaveLength(1);
    }
  });

  it('an Idempotency-Key replayed answers the first answer, not a 412', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    const headers = { 'If-Match': '"1"', 'Idempotency-Key': crypto.randomUUID() };
    const first = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: edit('once'),
      headers,
    });
    const replay = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: edit('once'),
      headers,
    });
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers.etag).toBe('"2"');
    const read = await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me });
    expect(read.json<Rumination>().version).toBe(2);
  });
});
