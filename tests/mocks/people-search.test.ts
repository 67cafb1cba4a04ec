import { describe, expect, it } from 'vitest';
import { createUser } from '../../mocks/store/factories';
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
    expect(Object.keys(found.json[0]).sort()).toEqual(['displayName', 'id', 'username']);
    const literal = await api('GET', '/api/users/search?q=a_b', { token });
    expect(literal.json.map((u: { username: string }) => u.username)).toEqual(['a_b1']);
    createUser({ username: 'moa' });
    createUser({ username: 'mo_x' });
    const bytes = await api('GET', '/api/users/search?q=mo', { token });
    expect(bytes.json.map((u: { username: string }) => u.username)).toEqual(['mo_x', 'moa']);
    const limited = await api('GET', '/api/users/search?Q=ali&limit=2', { token });
    expect(limited.json).toHaveLength(2);
  });

  it('finds display names too, ignoring case and accents; the better of the two names ranks', async () => {
    const { token } = createUser({ username: 'maryam', displayName: 'مريم' });
    const jose = createUser({ username: 'jnunez', displayName: 'José Núñez 🌻' }).user;
    const grandma = createUser({ username: 'gma_1957', displayName: 'Grandma Rosa' }).user;
    createUser({ username: 'rosalind' });
    createUser({ username: 'zed', displayName: 'Rosa' });
    createUser({ username: 'someone', displayName: 'Josephine', isActive: false });

    const names = async (q: string) =>
      (await api('GET', `/api/users/search?q=${encodeURIComponent(q)}`, { token })).json.map(
        (u: { username: string }) => u.username,
      );
    const found = await api('GET', '/api/users/search?q=jose', { token });
    expect(found.json).toEqual([{ id: jose.id, username: 'jnunez', displayName: 'José Núñez 🌻' }]);
    expect(await names('NUÑ')).toEqual(['jnunez']);
    expect(await names('nunez')).toEqual(['jnunez']);
    expect(await names('ez 🌻')).toEqual(['jnunez']);
    // "rosa": zed's display name is exact, rosalind's username a prefix, grandma's name contains it.
    expect(await names('rosa')).toEqual(['zed', 'rosalind', 'gma_1957']);
    expect(await names('grandma')).toEqual([grandma.username]);

    const other = createUser({ username: 'other' });
    const arabic = await api('GET', `/api/users/search?q=${encodeURIComponent('مريم')}`, {
      token: other.token,
    });
    expect(arabic.json.map((u: { displayName: string }) => u.displayName)).toEqual(['مريم']);
  });

  it('follows a changed display name and forgets the old one; an emoji alone is too short', async () => {
    const { token } = createUser({ username: 'searcher' });
    const renamed = createUser({ username: 'renamed_one' });
    const rename = (displayName: string) =>
      api('PUT', '/api/account/profile', {
        token: renamed.token,
        body: { displayName, bio: '' },
      });
    const names = async (q: string) =>
      (await api('GET', `/api/users/search?q=${encodeURIComponent(q)}`, { token })).json.map(
        (u: { username: string }) => u.username,
      );
    expect((await rename('Émilie Zola')).status).toBe(200);
    expect(await names('emilie')).toEqual(['renamed_one']);
    await rename('Someone Else');
    expect(await names('emilie')).toEqual([]);
    expect(await names('someone')).toEqual(['renamed_one']);

    const emoji = await api('GET', `/api/users/search?q=${encodeURIComponent('🌻')}`, { token });
    expect(emoji.status).toBe(400);
    expect(emoji.json.errors).toEqual({ q: ['Search for at least 2 characters'] });
  });

  it('answers 400 for a bad query and 401 without a token', async () => {
    const { token } = createUser({ username: 'searcher' });
    expect((await api('GET', '/api/users/search?q=a', { token })).status).toBe(400);
    expect((await api('GET', '/api/users/search?q=ali&Limit=51', { token })).status).toBe(400);
    expect((await api('GET', '/api/users/search?q=ali')).status).toBe(401);
  });
});
