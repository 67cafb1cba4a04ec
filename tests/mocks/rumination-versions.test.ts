import { describe, expect, it } from 'vitest';
import { rumination as ruminationSchema } from '../../src/api/rumination-schemas';
import { createRumination } from '../../mocks/store/factories';
import { api, setupMockBackend } from './mock-backend';
import { people, relate } from '../support/store-people';

/**
 * Versions and If-Match on ruminations (api-contract.md "Your writing is never lost": Versions,
 * Preconditions), as a client sees them through the mock's HTTP.
 */

setupMockBackend();

const FRIEND = 2;
const edit = (content: string) => ({ content, publish: true });

describe('versions of a rumination', () => {
  it('starts at 1, answers GET with ETag "1", and each edit gives the next version and its ETag', async () => {
    const { alice } = people();
    const created = await api('POST', '/api/ruminations', {
      token: alice.token,
      body: edit('First words'),
    });
    expect(created.status).toBe(201);
    expect(ruminationSchema.parse(created.json).version).toBe(1);
    const id = created.json.id as number;

    const read = await api('GET', `/api/ruminations/${id}`, { token: alice.token });
    expect(read.headers.get('ETag')).toBe('"1"');
    expect(read.json.version).toBe(1);

    const edited = await api('PUT', `/api/ruminations/${id}`, {
      token: alice.token,
      body: edit('Second words'),
    });
    expect(edited.status).toBe(200);
    expect(edited.json.version).toBe(2);
    expect(edited.headers.get('ETag')).toBe('"2"');

    // Publishing and audiences are changes too.
    const drafted = await api('PUT', `/api/ruminations/${id}`, {
      token: alice.token,
      body: { content: 'Second words', publish: false, audiences: ['Friend'] },
    });
    expect(drafted.json.version).toBe(3);
    expect((await api('GET', `/api/ruminations/${id}`, { token: alice.token })).json.version).toBe(
      3,
    );
  });

  it('sends the ETag again when an edit is replayed with its Idempotency-Key, changing nothing more', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id });
    const send = () =>
      api('PUT', `/api/ruminations/${r.id}`, {
        token: alice.token,
        body: edit('Sent twice'),
        headers: { 'Idempotency-Key': 'edit-once-1234', 'If-Match': '"1"' },
      });
    const first = await send();
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('ETag')).toBe('"2"');
    expect(again.json).toEqual(first.json);
    expect((await api('GET', `/api/ruminations/${r.id}`)).json.version).toBe(2);
  });

  it('sends the ETag to anyone who may read it', async () => {
    const { alice, bob } = people();
    relate(alice, bob, FRIEND);
    const r = createRumination({ authorId: alice.user.id, audiences: [FRIEND] });
    const read = await api('GET', `/api/ruminations/${r.id}`, { token: bob.token });
    expect(read.status).toBe(200);
    expect(read.headers.get('ETag')).toBe('"1"');
  });
});

describe('If-Match on PUT', () => {
  it('applies an edit based on the current version', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'v1' });
    const edited = await api('PUT', `/api/ruminations/${r.id}`, {
      token: alice.token,
      body: edit('v2'),
      headers: { 'If-Match': '"1"' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ content: 'v2', version: 2 });
  });

  it('refuses an edit based on an older version with 412 and the rumination as it is now, changing nothing', async () => {
    const { alice, bob, carol } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'From the laptop' });
    // The laptop edits first...
    await api('PUT', `/api/ruminations/${r.id}`, {
      token: alice.token,
      body: edit('The laptop wrote this'),
      headers: { 'If-Match': '"1"' },
    });
    // ...then the phone's queued edit, also based on version 1, arrives.
    const stale = await api('PUT', `/api/ruminations/${r.id}`, {
      token: alice.token,
      body: edit('The phone wrote this offline'),
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(stale.contentType).toContain('application/problem+json');
    expect(stale.json.title).toBe('This was changed elsewhere');
    expect(ruminationSchema.parse(stale.json.current)).toMatchObject({
      id: r.id,
      content: 'The laptop wrote this',
      version: 2,
    });

    const now = await api('GET', `/api/ruminations/${r.id}`, { token: alice.token });
    expect(now.json).toMatchObject({ content: 'The laptop wrote this', version: 2 });
    expect(now.headers.get('ETag')).toBe('"2"');

    // Only its author hears of the conflict: 404 to someone who cannot see it, 403 to a reader.
    relate(alice, bob, FRIEND);
    await api('PUT', `/api/ruminations/${r.id}`, {
      token: alice.token,
      body: { content: 'For friends', publish: true, audiences: ['Friend'] },
    });
    for (const [who, status] of [
      [carol, 404],
      [bob, 403],
    ] as const) {
      const refused = await api('PUT', `/api/ruminations/${r.id}`, {
        token: who.token,
        body: edit('x'),
        headers: { 'If-Match': '"1"' },
      });
      expect(refused.status).toBe(status);
      expect(refused.json.current).toBeUndefined();
    }
  });

  it('takes * and no header alike: the edit applies whatever the version (last write wins)', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id });
    const star = await api('PUT', `/api/ruminations/${r.id}`, {
      token: alice.token,
      body: edit('Any version'),
      headers: { 'If-Match': '*' },
    });
    expect(star.json.version).toBe(2);
    const plain = await api('PUT', `/api/ruminations/${r.id}`, {
      token: alice.token,
      body: edit('As a client of the spec sends it'),
    });
    expect(plain.status).toBe(200);
    expect(plain.json.version).toBe(3);
  });

  it('answers 400 to an If-Match that is not a quoted positive version or *', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'Kept' });
    for (const header of ['1', '"0"', '"-1"', 'W/"1"', '"one"', '"1", "2"']) {
      const bad = await api('PUT', `/api/ruminations/${r.id}`, {
        token: alice.token,
        body: edit('Not applied'),
        headers: { 'If-Match': header },
      });
      expect(bad.status, header).toBe(400);
      expect(bad.json.title).toBe('The If-Match header is malformed');
    }
    expect((await api('GET', `/api/ruminations/${r.id}`)).json.content).toBe('Kept');
  });
});

describe('If-Match on DELETE', () => {
  it('refuses a delete based on an older version with 412 and current, and leaves it in place', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'v1' });
    await api('PUT', `/api/ruminations/${r.id}`, { token: alice.token, body: edit('v2') });

    const stale = await api('DELETE', `/api/ruminations/${r.id}`, {
      token: alice.token,
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(stale.json.title).toBe('This was changed elsewhere');
    expect(stale.json.current).toMatchObject({ id: r.id, content: 'v2', version: 2 });
    expect((await api('GET', `/api/ruminations/${r.id}`)).status).toBe(200);

    const current = await api('DELETE', `/api/ruminations/${r.id}`, {
      token: alice.token,
      headers: { 'If-Match': '"2"' },
    });
    expect(current.status).toBe(204);
    expect((await api('GET', `/api/ruminations/${r.id}`)).status).toBe(404);
  });

  it('answers 400 to a malformed If-Match and deletes nothing', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id });
    const bad = await api('DELETE', `/api/ruminations/${r.id}`, {
      token: alice.token,
      headers: { 'If-Match': 'latest' },
    });
    expect(bad.status).toBe(400);
    expect((await api('GET', `/api/ruminations/${r.id}`)).status).toBe(200);
  });
});
