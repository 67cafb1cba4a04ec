import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from './support/test-app';
import { call, person, relation, writeRumination, type Person } from './ruminations-support';

/**
 * What a read costs the database in round trips: one for the signed-in user (token version and
 * state, so that revocation is immediate), one for the page, one for the page's photos and one for
 * its reactions' counts (none of either for an empty page), on SQLite and PostgreSQL alike.
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
    ['/api/ruminations/feed', 4],
    ['/api/ruminations/public', 4],
    // Alice wrote nothing: an empty page has no photos to read.
    ['/api/ruminations/my', 2],
    ['/api/notifications/unread-count', 2],
  ])(
    "%s signed in: the user, then the page (and its photos and reactions; its tags are its content's)",
    async (url, trips) => {
      expect(await roundTrips(url, alice)).toBe(trips);
    },
  );

  it('/api/ruminations/public signed out: the page, its photos and reactions alone', async () => {
    expect(await roundTrips('/api/ruminations/public', null)).toBe(3);
  });
});
