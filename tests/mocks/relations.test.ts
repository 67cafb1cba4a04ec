import { describe, expect, it } from 'vitest';
import { userRelation } from '../../src/api/relation-schemas';
import { api, setupMockBackend, type Json } from './mock-backend';
import { people, relate } from '../support/store-people';

setupMockBackend();

const request = (token: string, userId: number | string, relationType: number | string) =>
  api('POST', '/api/UserRelations', { token, body: { userId, relationType } });

describe('requesting relations', () => {
  it('creates a pending relation from the caller to the user, in the contract shape', async () => {
    const { alice, bob } = people();
    const r = await request(alice.token, String(bob.user.id), '5');
    expect(r.status).toBe(201);
    expect(userRelation.parse(r.json)).toMatchObject({
      type: 5,
      initiator: { id: alice.user.id, username: 'alice' },
      receiver: { id: bob.user.id, username: 'bob' },
      isAccepted: false,
      isRejected: false,
      isDeleted: false,
    });
  });

  it('refuses oneself (400), unknown users (404) and live duplicates either way (409)', async () => {
    const { alice, bob } = people();
    expect((await request(alice.token, alice.user.id, 2)).status).toBe(400);
    expect((await request(alice.token, 99999, 2)).status).toBe(404);
    expect((await request(alice.token, bob.user.id, 2)).status).toBe(201);
    expect((await request(alice.token, bob.user.id, 2)).status).toBe(409);
    expect((await request(bob.token, alice.user.id, 2)).status).toBe(409);
    // Another type is a separate relation.
    expect((await request(bob.token, alice.user.id, 1)).status).toBe(201);
    expect((await request(alice.token, bob.user.id, 7)).status).toBe(400);
  });

  it('allows asking again after a rejection or a deletion', async () => {
    const { alice, bob } = people();
    relate(alice, bob, 2, 'rejected');
    relate(alice, bob, 1, 'deleted');
    expect((await request(alice.token, bob.user.id, 2)).status).toBe(201);
    expect((await request(bob.token, alice.user.id, 1)).status).toBe(201);
  });
});

describe('the relation state machine', () => {
  it('lets the receiver accept or reject a pending request, once', async () => {
    const { alice, bob } = people();
    const pending = (await request(alice.token, bob.user.id, 2)).json;
    expect(
      (await api('PUT', `/api/UserRelations/${pending.id}/accept`, { token: alice.token })).status,
    ).toBe(403);
    const accepted = await api('PUT', `/api/UserRelations/${pending.id}/accept`, {
      token: bob.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ isAccepted: true, isRejected: false });
    expect(
      (await api('PUT', `/api/UserRelations/${pending.id}/accept`, { token: bob.token })).status,
    ).toBe(409);
    expect(
      (await api('PUT', `/api/UserRelations/${pending.id}/reject`, { token: bob.token })).status,
    ).toBe(409);

    const other = (await request(alice.token, bob.user.id, 3)).json;
    const rejected = await api('PUT', `/api/UserRelations/${other.id}/reject`, {
      token: bob.token,
    });
    expect(rejected.json).toMatchObject({ isAccepted: false, isRejected: true });
  });

  it('lets the initiator cancel a pending request, but not the receiver', async () => {
    const { alice, bob } = people();
    const pending = (await request(alice.token, bob.user.id, 2)).json;
    expect(
      (await api('DELETE', `/api/UserRelations/${pending.id}`, { token: bob.token })).status,
    ).toBe(403);
    expect(
      (await api('DELETE', `/api/UserRelations/${pending.id}`, { token: alice.token })).status,
    ).toBe(204);
    expect(
      (await api('DELETE', `/api/UserRelations/${pending.id}`, { token: alice.token })).status,
    ).toBe(403);
  });

  it('lets either side delete an accepted relation, and nobody delete a rejected one', async () => {
    const { alice, bob } = people();
    const a = relate(alice, bob, 2);
    const b = relate(alice, bob, 4);
    const r = relate(alice, bob, 0, 'rejected');
    expect((await api('DELETE', `/api/UserRelations/${a.id}`, { token: alice.token })).status).toBe(
      204,
    );
    expect((await api('DELETE', `/api/UserRelations/${b.id}`, { token: bob.token })).status).toBe(
      204,
    );
    expect((await api('DELETE', `/api/UserRelations/${r.id}`, { token: alice.token })).status).toBe(
      403,
    );
  });

  it('answers 404 on every call about a relation the caller is not part of', async () => {
    const { alice, bob, carol } = people();
    const pending = relate(alice, bob, 2, 'pending');
    const asCarol = { token: carol.token };
    expect((await api('PUT', `/api/UserRelations/${pending.id}/accept`, asCarol)).status).toBe(404);
    expect((await api('PUT', `/api/UserRelations/${pending.id}/reject`, asCarol)).status).toBe(404);
    expect((await api('DELETE', `/api/UserRelations/${pending.id}`, asCarol)).status).toBe(404);
    const list = await api('GET', `/api/UserRelations?Id=${pending.id}`, asCarol);
    expect(list.json).toEqual([]);
  });
});

describe('listing relations', () => {
  it("lists only the caller's relations, deleted ones on request, filtered and paged", async () => {
    const { alice, bob, carol } = people();
    const ab = relate(alice, bob, 2);
    const ca = relate(carol, alice, 1, 'pending');
    const gone = relate(alice, carol, 4, 'deleted');
    relate(bob, carol, 0);
    const list = (query: string) =>
      api('GET', `/api/UserRelations${query}`, { token: alice.token }).then((r) =>
        (r.json as Json[]).map((x) => x.id as number),
      );

    expect(await list('')).toEqual([ca.id, ab.id]);
    expect(await list('?includeDeleted=true')).toEqual([gone.id, ca.id, ab.id]);
    expect(await list('?IncludeDeleted=true&Sort=createTMS')).toEqual([ab.id, ca.id, gone.id]);
    expect(await list(`?userid=${carol.user.id}`)).toEqual([ca.id]);
    expect(await list(`?Id=${ab.id}&WithMe=true`)).toEqual([ab.id]);
    expect(await list('?Limit=1&Offset=1')).toEqual([ab.id]);
    const deleted = await api('GET', `/api/UserRelations?Id=${gone.id}&IncludeDeleted=true`, {
      token: alice.token,
    });
    expect(deleted.json[0].isDeleted).toBe(true);
    expect((await api('GET', '/api/UserRelations')).status).toBe(401);
  });
});
