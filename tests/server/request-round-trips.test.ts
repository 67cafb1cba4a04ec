import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from './support/test-app';
import {
  call,
  insertComment,
  person,
  relation,
  writeRumination,
  type Person,
} from './ruminations-support';

/**
 * What a read costs the database in round trips: one for the signed-in user (token version and
 * state, so that revocation is immediate), one for the page, and one for the page's photos and its
 * reactions' counts together (none for an empty page), on SQLite and PostgreSQL alike.
 * Every query the app sends passes through the counting plugin.
 */

let queries = 0;
const counting: KyselyPlugin = {
  transformQuery(args) {
    queries += 1;
    return args.node;
  },
  transformResult(args) {
    return Promise.resolve(args.result);
  },
};

const t = setUpTestApp({ dbPlugins: [counting] });
let alice: Person;
let bob: Person;

beforeAll(async () => {
  alice = await person(t);
  bob = await person(t);
  await relation(t.db, alice, bob, 2, 'accepted');
  for (let i = 0; i < 3; i += 1) {
    await writeRumination(t, bob, { content: `Note ${i}`, audiences: [], publish: true });
  }
});

async function roundTrips(url: string, as: Person | null): Promise<number> {
  queries = 0;
  const res = await call(t, 'GET', url, { as });
  expect(res.statusCode, res.body).toBe(200);
  return queries;
}

describe('round trips of a read', () => {
  it.each([
    ['/api/ruminations/feed', 3],
    ['/api/ruminations/public', 3],
    // Alice wrote nothing: an empty page has no photos to read.
    ['/api/ruminations/my', 2],
    ['/api/notifications/unread-count', 2],
  ])(
    "%s signed in: the user, then the page (and its photos and reactions, in one; its tags are its content's)",
    async (url, trips) => {
      expect(await roundTrips(url, alice)).toBe(trips);
    },
  );

  it("a note's comments: the user, then the thread read through the note's visibility", async () => {
    const [note] = (await call(t, 'GET', '/api/ruminations/feed', { as: alice })).json<
      { id: number }[]
    >();
    // Written straight to the table: through the API its notification's work (push, the other
    // instances' wake-up) would still be running during the read.
    await insertComment(t.db, alice, note!.id);
    expect(await roundTrips(`/api/comments/rumination/${note!.id}`, alice)).toBe(2);
  });

  it('/api/ruminations/public signed out: the page, then its photos and reactions', async () => {
    expect(await roundTrips('/api/ruminations/public', null)).toBe(2);
  });
});
