import { describe, expect, it } from 'vitest';
import { createRumination, createUser } from '../../mocks/store/factories';
import { api, setupMockBackend, type Json } from './mock-backend';

setupMockBackend();

/** The mock's /my?q= matches as the server's does (tests/server/rumination-search.test.ts). */
describe('search of my ruminations in the mock backend', () => {
  it('matches words by their start, ignoring case and accents, all words, own notes only', async () => {
    const me = createUser({ username: 'maya' });
    const other = createUser({ username: 'leo' });
    const cafe = createRumination({ authorId: me.user.id, content: 'At the Café, ruminating.' });
    const rain = createRumination({ authorId: me.user.id, content: 'Rain on the window.' });
    const draft = createRumination({
      authorId: me.user.id,
      content: 'Rain in the garden.',
      isPublished: false,
    });
    createRumination({ authorId: other.user.id, content: 'café rain garden ruminating' });
    const ids = async (q: string, extra = '') =>
      (
        (
          await api('GET', `/api/ruminations/my?q=${encodeURIComponent(q)}${extra}`, {
            token: me.token,
          })
        ).json as Json[]
      ).map((r: Json) => r.id);
    expect(await ids('CAFE')).toEqual([cafe.id]);
    expect(await ids('rumin')).toEqual([cafe.id]);
    expect(await ids('afe')).toEqual([]);
    expect(await ids('rain')).toEqual([draft.id, rain.id]);
    expect(await ids('garden rain')).toEqual([draft.id]);
    expect(await ids('rain', '&isPublic=true')).toEqual([rain.id]);
    expect(await ids('rain', '&Limit=1')).toEqual([draft.id]);
    expect(await ids('rain', `&BeforeId=${draft.id}`)).toEqual([rain.id]);
    expect(await ids('!!!')).toEqual([draft.id, rain.id, cafe.id]);
    const tooLong = await api('GET', `/api/ruminations/my?q=${'a'.repeat(201)}`, {
      token: me.token,
    });
    expect(tooLong.status).toBe(400);
    // Bytes that are not UTF-8 are refused, not searched for as U+FFFD (as the server does).
    const notUtf8 = await api('GET', '/api/ruminations/my?q=caf%E9', { token: me.token });
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.json).toMatchObject({ title: 'The query string is not valid UTF-8' });
  });
});
