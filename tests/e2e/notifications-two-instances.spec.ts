import { randomBytes } from 'node:crypto';
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { RunningServer } from '../../scripts/support/server-process';
import {
  createEmptyPostgresDatabase,
  testPostgresUrl,
  withDatabase,
} from '../server/support/test-database';
import { insertActiveUser, type TestUser } from '../server/support/test-users';
import { expect, personAt, test } from './support/fixtures';
import { startServer } from './support/e2e-server';
import {
  acceptRelationViaApi,
  commentViaApi,
  createRuminationViaApi,
  deleteRelationViaApi,
  requestRelationViaApi,
} from './support/ui';

/**
 * The notifications journey with alice and bob on two server instances over one PostgreSQL
 * (scripts/test-all.sh runs this file under scripts/pg/with-test-postgres.sh; skipped without
 * TEST_DATABASE_URL): every live update crosses instances through LISTEN/NOTIFY.
 */

const adminUrl = testPostgresUrl();
const LIVE = { timeout: 5_000 };

function bell(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

test.describe('two instances on one PostgreSQL', () => {
  test.skip(adminUrl === undefined, 'needs TEST_DATABASE_URL (scripts/pg/with-test-postgres.sh)');

  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  const jwtSecret = randomBytes(48).toString('base64');
  const servers: RunningServer[] = [];
  const contexts: APIRequestContext[] = [];

  test.beforeAll(async () => {
    ({ databaseUrl, drop: dropDatabase } = await createEmptyPostgresDatabase(adminUrl!));
    const staticDir = process.env.E2E_STATIC_DIR!;
    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret };
    // One after the other: the second finds the schema migrated.
    servers.push(await startServer({ staticDir, label: 'instance-a', env }));
    servers.push(await startServer({ staticDir, label: 'instance-b', env }));
  });

  test.afterAll(async () => {
    await Promise.all(contexts.map((c) => c.dispose()));
    await Promise.all(servers.map((s) => s.stop()));
    await dropDatabase?.();
  });

  /** A signed-in person, written straight to the shared database (sign-up has its own tests). */
  async function person(prefix: string): Promise<TestUser> {
    const username = `${prefix}_${randomBytes(4).toString('hex')}`;
    const email = `${username}@example.test`;
    const secret = new TextEncoder().encode(jwtSecret);
    const { id, token } = await withDatabase(databaseUrl, (db) =>
      insertActiveUser(db, secret, { username, email }),
    );
    return { id, username, email, password: 'not-used', token };
  }

  async function apiOf(server: RunningServer): Promise<APIRequestContext> {
    const context = await apiRequest.newContext({ baseURL: server.baseURL });
    contexts.push(context);
    return context;
  }

  test('alice on one instance and bob on the other see each other’s actions live', async ({
    browser,
  }) => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const [alice, bob] = await Promise.all([person('alice'), person('bob')]);
    const [throughA, throughB] = await Promise.all([apiOf(a), apiOf(b)]);
    const alicePage = await personAt(browser, a.baseURL, alice, '/my-ruminations');
    const bobPage = await personAt(browser, b.baseURL, bob, '/my-ruminations');
    await expect(bell(alicePage, 'Notifications')).toBeVisible();
    await expect(bell(bobPage, 'Notifications')).toBeVisible();

    // Bob asks through B; alice's bell on A counts it.
    const friendship = await requestRelationViaApi(throughB, bob, alice, 'Friend');
    await expect(bell(alicePage, 'Notifications, 1 unread')).toBeVisible(LIVE);

    // She accepts through A; bob's bell on B counts it.
    await acceptRelationViaApi(throughA, alice, friendship.id);
    await expect(bell(bobPage, 'Notifications, 1 unread')).toBeVisible(LIVE);

    // Bob comments on her Friend-only note through B; her bell on A counts it.
    const note = await createRuminationViaApi(throughA, alice, 'For my friends', {
      audiences: ['Friend'],
    });
    const comment = await commentViaApi(throughB, bob, { ruminationId: note.id }, 'Hello');
    await expect(bell(alicePage, 'Notifications, 2 unread')).toBeVisible(LIVE);

    // Her reply reaches him; ending the relation takes it away again, live, on the other instance.
    await commentViaApi(throughA, alice, { parentCommentId: comment.id }, 'Hi bob');
    await expect(bell(bobPage, 'Notifications, 2 unread')).toBeVisible(LIVE);
    await deleteRelationViaApi(throughA, alice, friendship.id);
    await expect(bell(bobPage, 'Notifications, 1 unread')).toBeVisible(LIVE);
    await bobPage.goto('/notifications');
    const list = bobPage.getByRole('list', { name: 'Notifications' });
    await expect(list).toContainText(`${alice.username} accepted your Friend request`);
    await expect(list).not.toContainText('replied to your comment');

    await alicePage.context().close();
    await bobPage.context().close();
  });
});
