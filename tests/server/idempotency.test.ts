import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/comment-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { IDEMPOTENCY_PROBLEMS } from '../../src/api/idempotency-key';
import { setUpTestApp } from './support/test-app';
import { call, person, writeRumination, type Person } from './ruminations-support';

const t = setUpTestApp();

function withKey(key: string) {
  return { 'Idempotency-Key': key };
}

async function countOwn(as: Person): Promise<number> {
  const res = await call(t, 'GET', '/api/ruminations/my?Limit=100', { as });
  return res.json<Rumination[]>().length;
}

describe('Idempotency-Key on POST /api/ruminations', () => {
  it('a repeat with the same key answers the first response and creates nothing', async () => {
    const author = await person(t);
    const key = randomUUID();
    const body = { content: 'written offline', publish: false };
    const first = await call(t, 'POST', '/api/ruminations', {
      as: author,
      body,
      headers: withKey(key),
    });
    expect(first.statusCode).toBe(201);
    const second = await call(t, 'POST', '/api/ruminations', {
      as: author,
      // The same body with its keys in another order is the same request.
      body: { publish: false, content: 'written offline' },
      headers: withKey(key),
    });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await countOwn(author)).toBe(1);
  });

  it('concurrent twins create one rumination', async () => {
    const author = await person(t);
    const key = randomUUID();
    const body = { content: 'sent twice at once', publish: true };
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(t, 'POST', '/api/ruminations', { as: author, body, headers: withKey(key) }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json<Rumination>().id));
    expect(ids.size).toBe(1);
    expect(await countOwn(author)).toBe(1);
  });

  it('the same key with another body is refused with 422 and creates nothing', async () => {
    const author = await person(t);
    const key = randomUUID();
    await call(t, 'POST', '/api/ruminations', {
      as: author,
      body: { content: 'first', publish: false },
      headers: withKey(key),
    });
    const other = await call(t, 'POST', '/api/ruminations', {
      as: author,
      body: { content: 'second', publish: false },
      headers: withKey(key),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 422, title: IDEMPOTENCY_PROBLEMS.reused.title });
    expect(await countOwn(author)).toBe(1);
  });

  it('different keys create different ruminations; no key behaves as before', async () => {
    const author = await person(t);
    const body = { content: 'same words', publish: true };
    for (const headers of [withKey(randomUUID()), withKey(randomUUID()), {}, {}]) {
      const res = await call(t, 'POST', '/api/ruminations', { as: author, body, headers });
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await countOwn(author)).toBe(4);
  });

  it('keys belong to one user: another person with the same key writes their own', async () => {
    const alice = await person(t);
    const bob = await person(t);
    const key = randomUUID();
    const body = { content: 'mine', publish: false };
    const a = await call(t, 'POST', '/api/ruminations', { as: alice, body, headers: withKey(key) });
    const b = await call(t, 'POST', '/api/ruminations', { as: bob, body, headers: withKey(key) });
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json<Rumination>().id).not.toBe(a.json<Rumination>().id);
    expect(b.json<Rumination>().createdBy.id).toBe(bob.id);
  });

  it('a failed write keeps no key, so the same key may be retried', async () => {
    const author = await person(t, { acceptTerms: false });
    const key = randomUUID();
    const body = { content: 'before accepting', publish: false };
    const refused = await call(t, 'POST', '/api/ruminations', {
      as: author,
      body,
      headers: withKey(key),
    });
    expect(refused.statusCode).toBe(403);
    const rows = await t.db
      .withTables<{ idempotency_keys: { user_id: number } }>()
      .selectFrom('idempotency_keys')
      .select('user_id')
      .where('user_id', '=', author.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a malformed key is refused with 400', async () => {
    const author = await person(t);
    const res = await call(t, 'POST', '/api/ruminations', {
      as: author,
      body: { content: 'x', publish: false },
      headers: withKey('short'),
    });
    expect(res.statusCode).toBe(400);
    expect(await countOwn(author)).toBe(0);
  });
});

describe('Idempotency-Key on PUT /api/ruminations/{id}', () => {
  it('replays the first answer; the same key on another rumination is refused', async () => {
    const author = await person(t);
    const r = await writeRumination(t, author, { publish: false });
    const r2 = await writeRumination(t, author, { publish: false });
    const key = randomUUID();
    const body = { content: 'edited offline', publish: true };
    const first = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: author,
      body,
      headers: withKey(key),
    });
    expect(first.statusCode).toBe(200);
    // Edited again online in the meantime: the replay must not undo that.
    await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: author,
      body: { content: 'edited later', publish: true },
    });
    const again = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: author,
      body,
      headers: withKey(key),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const now = await call(t, 'GET', `/api/ruminations/${r.id}`, { as: author });
    expect(now.json<Rumination>().content).toBe('edited later');
    const elsewhere = await call(t, 'PUT', `/api/ruminations/${r2.id}`, {
      as: author,
      body,
      headers: withKey(key),
    });
    expect(elsewhere.statusCode).toBe(422);
  });
});

describe('Idempotency-Key on comments', () => {
  it('POST /api/comments with a repeated key comments once', async () => {
    const author = await person(t);
    const r = await writeRumination(t, author, { publish: true });
    const key = randomUUID();
    const body = { content: 'offline comment', ruminationId: r.id };
    const first = await call(t, 'POST', '/api/comments', {
      as: author,
      body,
      headers: withKey(key),
    });
    const second = await call(t, 'POST', '/api/comments', {
      as: author,
      body,
      headers: withKey(key),
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<Comment>().id).toBe(first.json<Comment>().id);
    const tree = await call(t, 'GET', `/api/comments/rumination/${r.id}`, { as: author });
    expect(tree.json<Comment[]>()).toHaveLength(1);
  });

  it('PUT /api/comments/{id} with a repeated key replays the first answer', async () => {
    const author = await person(t);
    const r = await writeRumination(t, author, { publish: true });
    const created = await call(t, 'POST', '/api/comments', {
      as: author,
      body: { content: 'v1', ruminationId: r.id },
    });
    const id = created.json<Comment>().id;
    const key = randomUUID();
    const body = { id, content: 'v2' };
    const first = await call(t, 'PUT', `/api/comments/${id}`, {
      as: author,
      body,
      headers: withKey(key),
    });
    const second = await call(t, 'PUT', `/api/comments/${id}`, {
      as: author,
      body,
      headers: withKey(key),
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });
});
