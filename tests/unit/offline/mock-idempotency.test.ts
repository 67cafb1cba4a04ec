import { describe, expect, it } from 'vitest';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { ORIGIN, setupMockBackend } from '../../mocks/mock-backend';

setupMockBackend();

function send(method: string, path: string, token: string, key: string, body: unknown) {
  return fetch(`${ORIGIN}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
}

describe('the mock backend honours Idempotency-Key like the server', () => {
  it('a repeated create answers the first response and creates nothing', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const key = crypto.randomUUID();
    const body = { content: 'offline words', publish: false };
    const first = await send('POST', '/api/ruminations', token, key, body);
    const again = await send('POST', '/api/ruminations', token, key, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(getDb().ruminations.filter((r) => r.authorId === user.id)).toHaveLength(1);
  });

  it('the same key with another body is refused with 422', async () => {
    const { token } = createUser({ username: 'bob' });
    const key = crypto.randomUUID();
    await send('POST', '/api/ruminations', token, key, { content: 'one', publish: false });
    const other = await send('POST', '/api/ruminations', token, key, {
      content: 'two',
      publish: false,
    });
    expect(other.status).toBe(422);
  });

  it('comments too', async () => {
    const { user, token } = createUser({ username: 'carol' });
    const r = createRumination({ authorId: user.id });
    const key = crypto.randomUUID();
    const body = { content: 'hi', ruminationId: r.id };
    await send('POST', '/api/comments', token, key, body);
    await send('POST', '/api/comments', token, key, body);
    expect(getDb().comments.filter((c) => c.ruminationId === r.id)).toHaveLength(1);
  });
});
