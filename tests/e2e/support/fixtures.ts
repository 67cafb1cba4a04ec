import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { findEmailLink, type EmailKind } from '../../../scripts/support/email-links';
import { REPO_ROOT } from '../../../scripts/support/repo-root';
import { readLog } from '../../../scripts/support/server-process';
import type { TestUser } from '../../server/support/test-users';
import { startServer } from './e2e-server';
import { insertPerson, type PeopleStore } from './people';

const run = promisify(execFile);

/** The app under test: its address, its data folder and what its log says. */
export interface AppServer extends PeopleStore {
  baseURL: string;
  dataDir: string;
  logFile: string;
  /** The link of the latest email of this kind to `who` (usernames or email addresses). */
  emailLink: (kind: EmailKind, ...who: string[]) => Promise<string>;
  /**
   * The operator command `npm run terms:publish -- <version> <file>` against this server's data,
   * with a version new to this server (1.1, 1.2, ...); returns that version.
   */
  publishTerms: (markdown: string) => Promise<string>;
}

interface WorkerFixtures {
  /**
   * `test.use({ isolatedServer: true })`: tests that publish terms (which make everybody accept
   * again) get a server of their own, one per worker, instead of the shared one.
   */
  isolatedServer: boolean;
  ownServer: AppServer | null;
}

interface Fixtures {
  app: AppServer;
  /**
   * Creates active people straight in the server's database (people.ts), quickly, for journeys
   * that are not about signing up.
   */
  createUser: (prefix?: string) => Promise<TestUser>;
  /** Several people at once: `const [alice, bob] = await createUsers('alice', 'bob')`. */
  createUsers: <const P extends readonly string[]>(
    ...prefixes: P
  ) => Promise<{ -readonly [K in keyof P]: TestUser }>;
  /**
   * Someone at another computer: a page in a browser context of its own on the app, signed in as
   * `user` at `pathname` (signInAs), or a visitor's blank page without a user. Closed after the test.
   */
  anotherBrowser: (user?: TestUser, pathname?: string) => Promise<Page>;
  /** Uncaught exceptions in the page: a test fails when the app throws one. */
  pageErrors: Error[];
  /**
   * What the reset of a reused context (playwright.config.ts, reuseContext) leaves as the test
   * left it, put back after each test: online, and no permissions granted.
   */
  contextLeftClean: void;
}

function makeAppServer(opts: {
  baseURL: string;
  dataDir: string;
  logFile: string;
  staticDir: string;
  sqliteFile: string;
  jwtSecret: string;
}): AppServer {
  let published = 0;
  return {
    ...opts,
    async emailLink(kind, ...who) {
      let link: string | undefined;
      await expect
        .poll(() => (link = findEmailLink(readLog(opts.logFile), kind, who)), {
          message: `a ${kind} link for ${who.join(' or ')} in the server log (${opts.logFile})`,
          timeout: 10_000,
        })
        .toBeTruthy();
      return link!;
    },
    async publishTerms(markdown) {
      published += 1;
      const version = `1.${published}`;
      const file = path.join(opts.dataDir, `terms-${version}.md`);
      fs.writeFileSync(file, markdown);
      await run('npm', ['run', '--silent', 'terms:publish', '--', version, file], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: opts.dataDir, STATIC_DIR: opts.staticDir },
        timeout: 60_000,
      });
      return version;
    },
  };
}

let counter = 0;
/** A username no other test (or earlier run against the same data) uses: letters, digits, _ only. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-6);
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}_${stamp}${process.pid.toString(36)}${counter}${random}`.slice(0, 32);
}

export async function loginViaApi(request: APIRequestContext, username: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** Puts the person's token where the app keeps it (localStorage "token") and opens `path`. */
export async function signInAs(page: Page, user: TestUser, pathname = '/my-ruminations') {
  await page.goto('/public');
  await page.evaluate((token) => localStorage.setItem('token', token), user.token);
  await page.goto(pathname);
}

/** A second person at their own computer: a browser context of their own, signed in. */
export async function personAt(
  browser: Browser,
  baseURL: string,
  user: TestUser,
  pathname: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, user, pathname);
  return page;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  isolatedServer: [false, { option: true, scope: 'worker' }],

  ownServer: [
    async ({ isolatedServer }, provide) => {
      const staticDir = process.env.E2E_STATIC_DIR;
      if (!isolatedServer || !staticDir) {
        await provide(null);
        return;
      }
      const server = await startServer({ staticDir, label: 'isolated' });
      try {
        await provide(
          makeAppServer({
            baseURL: server.baseURL,
            dataDir: server.dataDir,
            logFile: server.logFile,
            staticDir,
            sqliteFile: server.sqliteFile,
            jwtSecret: server.jwtSecret,
          }),
        );
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker' },
  ],

  app: async ({ ownServer }, provide) => {
    const staticDir = process.env.E2E_STATIC_DIR;
    if (!staticDir || !process.env.E2E_BASE_URL)
      throw new Error('Run through playwright.config.ts (global setup).');
    await provide(
      ownServer ??
        makeAppServer({
          baseURL: process.env.E2E_BASE_URL,
          dataDir: process.env.E2E_DATA_DIR!,
          logFile: process.env.E2E_LOG_FILE!,
          staticDir,
          sqliteFile: path.join(process.env.E2E_DATA_DIR!, 'ruminations.sqlite'),
          jwtSecret: process.env.E2E_JWT_SECRET!,
        }),
    );
  },

  baseURL: async ({ app }, provide) => provide(app.baseURL),

  createUser: async ({ app }, provide) => {
    await provide((prefix) => insertPerson(app, uniqueName(prefix)));
  },

  createUsers: async ({ createUser }, provide) => {
    // Promise.all keeps the order; TypeScript cannot follow a map over a tuple's positions.
    await provide(
      (...prefixes) => Promise.all(prefixes.map((prefix) => createUser(prefix))) as never,
    );
  },

  anotherBrowser: async ({ browser, app, serviceWorkers }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (user, pathname) => {
      // The test's own choice (playwright.config.ts): no service worker unless the file allows it.
      const context = await browser.newContext({ baseURL: app.baseURL, serviceWorkers });
      contexts.push(context);
      const page = await context.newPage();
      if (user) await signInAs(page, user, pathname);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },

  contextLeftClean: [
    async ({ context }, provide) => {
      let closed = false;
      context.once('close', () => (closed = true));
      await provide();
      // A test may have closed the context itself (someone leaving): nothing is left to reset then.
      if (closed) return;
      await context.setOffline(false);
      await context.clearPermissions();
    },
    { auto: true },
  ],

  pageErrors: [
    async ({ page }, provide) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await provide(errors);
      expect(
        errors.map((e) => e.message),
        'uncaught exceptions in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
