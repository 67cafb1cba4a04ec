import { describe, expect, it } from 'vitest';
import { createUser } from '../../mocks/store';
import { api, setupMockBackend } from './mock-backend';

setupMockBackend();

/** The mock's GET /api/users/search obeys what tests/server/people-search.test.ts asks of the server. */
describe('people search (mock backend)', () => {
  it('ranks exact, prefix, then the rest; leaves out the caller and inactive accounts', async () => {
    const { token } = createUser({ username: 'alicia_caller' });
    for (const username of ['Zali', 'kalif', 'Alina', 'ali', 'bali', 'alice', 'a_b1', 'axb1']) {
      createUser({ username });
    }
    createUser({ username: 'alix_pending', isActive: false });

    const found = await api('GET', '/api/users/search?q=ALI', { token });
    expect(found.status).toBe(200);
    expect(found.json.map((u: { username: string }) => u.username)).toEqual([
      'ali',
      'alice',
      'Alina',
      'bali',
      'kalif',
      'Zali',
    ]);
    expect(Object.keys(found.json[0]).sort()).toEqual(['id', 'username']);
    const literal = await api('GET', '/api/users/search?q=a_b', { token });
    expect(literal.json.map((u: { username: string }) => u.username)).toEqual(['a_b1']);
    createUser({ username: 'moa' });
    createUser({ username: 'mo_x' });
    const bytes = await api('GET', '/api/users/search?q=mo', { token });
    expect(bytes.json.map((u: { username: string }) => u.username)).toEqual(['mo_x', 'moa']);
    const limited = await api('GET', '/api/users/search?Q=ali&limit=2', { token });
    expect(limited.json).toHaveLength(2);
  });

  it('answers 400 for a bad query and 401 without a token', async () => {
    const { token } = createUser({ username: 'searcher' });
    expect((await api('GET', '/api/users/search?q=a', { token })).status).toBe(400);
    expect((await api('GET', '/api/users/search?q=ali&Limit=51', { token })).status).toBe(400);
    expect((await api('GET', '/api/users/search?q=ali')).status).toBe(401);
  });
});
