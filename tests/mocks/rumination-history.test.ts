import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { accountExport } from '../../src/api/account-schemas';
import {
  ruminationRevision,
  type Rumination,
  type RuminationRevision,
} from '../../src/api/rumination-schemas';
import { createRumination } from '../../mocks/store/factories';
import { revisionFileName, revisionMarkdown } from '../../src/domain/markdown-export';
import { api, ORIGIN, setupMockBackend, type CallOptions } from './mock-backend';
import { people, relate, type StorePerson } from '../support/store-people';

/** A rumination's history in the mock backend (api-contract.md "History"). */

setupMockBackend();

const FAMILY = 1;

async function put(
  as: StorePerson,
  id: number,
  body: object,
  headers: CallOptions['headers'] = {},
): Promise<Rumination> {
  const res = await api('PUT', `/api/ruminations/${id}`, { token: as.token, body, headers });
  if (res.status !== 200) throw new Error(`edit failed: ${res.status}`);
  return res.json as Rumination;
}

async function revisions(as: StorePerson, id: number, query = ''): Promise<RuminationRevision[]> {
  const res = await api('GET', `/api/ruminations/${id}/revisions${query}`, { token: as.token });
  if (res.status !== 200) throw new Error(`history failed: ${res.status}`);
  return (res.json as unknown[]).map((item) => ruminationRevision.parse(item));
}

const restorePath = (id: number, revisionId: number) =>
  `/api/ruminations/${id}/revisions/${revisionId}/restore`;

describe('revisions', () => {
  it('every change keeps the state it replaced, newest first, with when it was saved', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'v1', isPublished: false });
    // The stored object changes with the edits: when v1 was saved, read before them.
    const v1SavedAt = r.updateTMS;
    expect(await revisions(alice, r.id)).toEqual([]);
    const v2 = await put(alice, r.id, { content: 'v2', publish: true, audiences: ['Family'] });
    await put(alice, r.id, { content: 'v3', publish: true });
    const list = await revisions(alice, r.id);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        version: 2,
        content: 'v2',
        isPublished: true,
        audiences: [{ relationType: FAMILY }],
        savedTMS: v2.updateTMS,
      },
      {
        id: expect.any(Number),
        version: 1,
        content: 'v1',
        isPublished: false,
        audiences: [],
        savedTMS: v1SavedAt,
      },
    ]);
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);
  });

  it('pages with Limit and BeforeId (by revision id); Limit over 100 is 400', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'v1' });
    for (let v = 2; v <= 6; v++) await put(alice, r.id, { content: `v${v}`, publish: true });
    const first = await revisions(alice, r.id, '?Limit=2');
    expect(first.map((x) => x.version)).toEqual([5, 4]);
    const next = await revisions(alice, r.id, `?Limit=2&BeforeId=${first[1]!.id}`);
    expect(next.map((x) => x.version)).toEqual([3, 2]);
    const last = await revisions(alice, r.id, `?limit=2&beforeId=${next[1]!.id}`);
    expect(last.map((x) => x.version)).toEqual([1]);
    const tooMany = await api('GET', `/api/ruminations/${r.id}/revisions?Limit=101`, {
      token: alice.token,
    });
    expect(tooMany.status).toBe(400);
  });

  it('restoring a revision makes its state current as a new version, kept in the history too', async () => {
    const { alice } = people();
    const r = createRumination({
      authorId: alice.user.id,
      content: 'original',
      audiences: [FAMILY],
    });
    await put(alice, r.id, { content: 'rewritten', publish: false });
    const [old] = await revisions(alice, r.id);
    const res = await api('POST', restorePath(r.id, old!.id), {
      token: alice.token,
      headers: { 'If-Match': '"2"' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toBe('"3"');
    expect(res.json).toMatchObject({
      id: r.id,
      content: 'original',
      isPublished: true,
      audiences: [{ relationType: FAMILY }],
      version: 3,
    });
    expect((await revisions(alice, r.id)).map((x) => [x.version, x.content])).toEqual([
      [2, 'rewritten'],
      [1, 'original'],
    ]);
    const read = await api('GET', `/api/ruminations/${r.id}`, { token: alice.token });
    expect(read.json).toMatchObject({ content: 'original', version: 3 });
  });

  it('a restore on a stale version is 412 with the rumination as it is now, and changes nothing', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'one' });
    await put(alice, r.id, { content: 'two', publish: true });
    const [old] = await revisions(alice, r.id);
    const res = await api('POST', restorePath(r.id, old!.id), {
      token: alice.token,
      headers: { 'If-Match': '"1"' },
    });
    expect(res.status).toBe(412);
    expect(res.json.title).toBe('This was changed elsewhere');
    expect(res.json.current).toMatchObject({ content: 'two', version: 2 });
    expect(await revisions(alice, r.id)).toHaveLength(1);
  });

  it("is the author's alone: 404 to anyone else, even one who may read it; 401 without a token", async () => {
    const { alice, bob } = people();
    relate(alice, bob, FAMILY);
    const r = createRumination({ authorId: alice.user.id, content: 'mine', audiences: [FAMILY] });
    await put(alice, r.id, { content: 'mine too', publish: true, audiences: ['Family'] });
    const [old] = await revisions(alice, r.id);
    expect((await api('GET', `/api/ruminations/${r.id}`, { token: bob.token })).status).toBe(200);
    for (const token of [bob.token, null]) {
      const list = await api('GET', `/api/ruminations/${r.id}/revisions`, { token });
      expect(list.status).toBe(token === null ? 401 : 404);
      const restore = await api('POST', restorePath(r.id, old!.id), { token });
      expect(restore.status).toBe(token === null ? 401 : 404);
    }
    const other = createRumination({ authorId: alice.user.id });
    const wrongRumination = await api('POST', restorePath(other.id, old!.id), {
      token: alice.token,
    });
    expect(wrongRumination.status).toBe(404);
    expect(wrongRumination.json.title).toBe('Revision not found');
  });

  it('a trashed rumination has no history to reach (404) until it is restored', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'one' });
    await put(alice, r.id, { content: 'two', publish: true });
    const [old] = await revisions(alice, r.id);
    await api('DELETE', `/api/ruminations/${r.id}`, { token: alice.token });
    const list = await api('GET', `/api/ruminations/${r.id}/revisions`, { token: alice.token });
    expect(list.status).toBe(404);
    const restore = await api('POST', restorePath(r.id, old!.id), { token: alice.token });
    expect(restore.status).toBe(404);
    await api('POST', `/api/ruminations/${r.id}/restore`, { token: alice.token });
    expect((await revisions(alice, r.id)).map((x) => x.content)).toEqual(['one']);
  });

  it('the JSON export holds the revisions of live notes, by note then version', async () => {
    const { alice } = people();
    const a = createRumination({ authorId: alice.user.id, content: 'a1' });
    const b = createRumination({ authorId: alice.user.id, content: 'b1' });
    const gone = createRumination({ authorId: alice.user.id, content: 'gone1' });
    await put(alice, b.id, { content: 'b2', publish: true });
    await put(alice, a.id, { content: 'a2', publish: true });
    await put(alice, a.id, { content: 'a3', publish: true });
    await put(alice, gone.id, { content: 'gone2', publish: true });
    await api('DELETE', `/api/ruminations/${gone.id}`, { token: alice.token });

    const res = await api('GET', '/api/account/export?format=json', { token: alice.token });
    const data = accountExport.parse(res.json);
    expect(data.revisions.map((v) => [v.ruminationId, v.version, v.content])).toEqual([
      [a.id, 1, 'a1'],
      [a.id, 2, 'a2'],
      [b.id, 1, 'b1'],
    ]);
    expect(data.ruminations.map((r) => r.id)).toEqual([b.id, a.id]);
  });

  it('the Markdown export holds each revision of a live note as history/<note>-v<version>.md', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'first draft' });
    await put(alice, r.id, { content: 'second draft', publish: true });
    const [revision] = await revisions(alice, r.id);
    const response = await fetch(`${ORIGIN}/api/account/export?format=markdown`, {
      headers: { Authorization: `Bearer ${alice.token}` },
    });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const name = revisionFileName({ ruminationId: r.id, version: 1 });
    expect(Object.keys(files).filter((f) => f.startsWith('history/'))).toEqual([name]);
    expect(strFromU8(files[name]!)).toBe(revisionMarkdown({ ruminationId: r.id, ...revision! }));
    expect(strFromU8(files[name]!)).toContain('first draft');
  });
});
