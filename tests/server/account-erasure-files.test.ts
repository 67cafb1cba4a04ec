import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { createOutboxMailer } from '../../server/mail/outbox-mailer';
import { seedInitialTerms } from '../../server/modules/terms/terms-seed';
import { testPostgresUrl } from './support/test-database';
import {
  authHeader,
  createActiveUser,
  createTestApp,
  TEST_TERMS_CONTENT,
  testConfig,
  type TestApp,
} from './support/test-app';

/**
 * api-contract.md "My account": erased means erased from the files too. A deleted account's note
 * texts, comments, username and email are not left readable in SQLite's database file or its WAL
 * (secure_delete, the search index's own secure-delete, a checkpoint after the erasure), nor are
 * the words of notes erased for good from the trash; and the local outbox (the mailer of a server without SMTP_URL) keeps no message to the person.
 */

const FROM = 'Ruminations <no-reply@app.test>';

type TestUser = Awaited<ReturnType<typeof createActiveUser>>;
const silent = pino({ level: 'silent' });

/** Words no one else writes, in lower case as the search index keeps them. */
const marker = (what: string) =>
  what +
  randomBytes(6)
    .toString('hex')
    .replace(/\d/g, (d) => String.fromCharCode(103 + Number(d)));

async function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: TestUser | null,
  payload: Record<string, unknown>,
) {
  return app.inject({ method, url, headers: as ? authHeader(as.token) : {}, payload });
}

async function deleteAccount(app: FastifyInstance, who: TestUser): Promise<void> {
  const res = await send(app, 'DELETE', '/api/account', who, { password: who.password });
  expect(res.statusCode, res.body).toBe(204);
}

describe.skipIf(testPostgresUrl() !== undefined)('deleting an account on SQLite', () => {
  let dataDir: string;
  let db: Kysely<Database>;
  let app: FastifyInstance;
  const sqliteFile = () => path.join(dataDir, 'ruminations.sqlite');

  // The server's own kind of database: a file in WAL mode (the shared test app's is in memory).
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-erasure-'));
    db = createDatabase({ sqliteFile: sqliteFile() });
    await migrateToLatest(db);
    await seedInitialTerms(db, TEST_TERMS_CONTENT);
    app = await buildApp({
      config: testConfig(dataDir),
      db,
      jwtSecret: randomBytes(32),
      mailer: createOutboxMailer(path.join(dataDir, 'outbox'), silent, FROM),
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Which of `texts` can still be read in the database file or its WAL. */
  function readableInFiles(texts: string[]): string[] {
    const files = [sqliteFile(), `${sqliteFile()}-wal`].filter((file) => fs.existsSync(file));
    const bytes = Buffer.concat(files.map((file) => fs.readFileSync(file)));
    return texts.filter((text) => bytes.includes(Buffer.from(text, 'utf8')));
  }

  it('leaves none of its words, names or address in the database file and its WAL', async () => {
    const username = marker('leaver');
    const email = `${marker('address')}@example.test`;
    const leaver = await createActiveUser(app, { username, email });
    const friend = await createActiveUser(app);
    const noteWords = marker('notewords');
    const draftWords = marker('draftwords');
    const commentWords = marker('commentwords');
    const write = async (who: TestUser, url: string, body: Record<string, unknown>) => {
      const res = await send(app, 'POST', url, who, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>();
    };
    await write(leaver, '/api/ruminations', { content: `My ${noteWords} today`, publish: true });
    await write(leaver, '/api/ruminations', { content: draftWords, publish: false });
    const friendsNote = await write(friend, '/api/ruminations', { content: 'hi', publish: true });
    await write(leaver, '/api/comments', {
      content: `I think ${commentWords}`,
      ruminationId: friendsNote.id,
    });
    // Words kept only as an earlier version (history), and a note in the trash.
    const revisionWords = marker('revisionwords');
    const trashedWords = marker('trashedwords');
    const revised = await write(leaver, '/api/ruminations', {
      content: revisionWords,
      publish: true,
    });
    const edited = await send(app, 'PUT', `/api/ruminations/${revised.id}`, leaver, {
      content: 'said otherwise',
      publish: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const trashed = await write(leaver, '/api/ruminations', {
      content: trashedWords,
      publish: true,
    });
    expect(
      (await send(app, 'DELETE', `/api/ruminations/${trashed.id}`, leaver, {})).statusCode,
    ).toBe(204);
    // Everything so far into the database file itself, as an automatic checkpoint does; what
    // follows only into the WAL.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const walWords = marker('walwords');
    await write(leaver, '/api/ruminations', { content: walWords, publish: true });
    const secrets = [
      noteWords,
      draftWords,
      commentWords,
      revisionWords,
      trashedWords,
      walWords,
      username,
      email,
    ];
    expect(readableInFiles(secrets)).toEqual(secrets);

    await deleteAccount(app, leaver);
    expect(readableInFiles(secrets)).toEqual([]);
  });

  // The same files, after notes (not an account) are erased for good: api-contract.md "Trash".
  it('a note deleted for good, and an emptied trash, leave none of their words in the file or its WAL', async () => {
    const writer = await createActiveUser(app);
    const write = async (content: string) => {
      const res = await send(app, 'POST', '/api/ruminations', writer, { content, publish: true });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>();
    };
    const trash = async (id: number) =>
      expect((await send(app, 'DELETE', `/api/ruminations/${id}`, writer, {})).statusCode).toBe(
        204,
      );
    const oneWords = marker('onewords');
    const editedWords = marker('editedwords');
    const one = await write(oneWords);
    const edited = await send(app, 'PUT', `/api/ruminations/${one.id}`, writer, {
      content: `${editedWords} now`,
      publish: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const restWords = marker('restwords');
    const rest = await write(restWords);
    await trash(one.id);
    await trash(rest.id);
    expect(readableInFiles([oneWords, editedWords, restWords])).toEqual([
      oneWords,
      editedWords,
      restWords,
    ]);

    const forGood = await send(app, 'DELETE', `/api/ruminations/${one.id}/permanent`, writer, {});
    expect(forGood.statusCode, forGood.body).toBe(204);
    expect(readableInFiles([oneWords, editedWords])).toEqual([]);

    const emptied = await send(app, 'DELETE', '/api/ruminations/trash', writer, {});
    expect(emptied.statusCode, emptied.body).toBe(204);
    expect(readableInFiles([restWords])).toEqual([]);
  });
});

describe('deleting an account with the local outbox', () => {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-outbox-'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: createOutboxMailer(outbox, silent, FROM) });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  /** The outbox's messages to `address`. */
  function messagesTo(address: string): string[] {
    return fs
      .readdirSync(outbox)
      .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
      .filter((message) => message.toLowerCase().includes(address.toLowerCase()));
  }

  /** Asks for a reset link, and waits until its message is in the outbox (sent unawaited). */
  async function forgotPassword(email: string): Promise<void> {
    const before = messagesTo(email).length;
    const res = await send(t.app, 'POST', '/api/auth/forgot-password', null, { email });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(messagesTo(email)).toHaveLength(before + 1));
  }

  it('removes the messages to the person and keeps everyone else’s', async () => {
    const leaver = await createActiveUser(t.app, { email: `${marker('Outboxed')}@Example.test` });
    const friend = await createActiveUser(t.app);
    await forgotPassword(leaver.email.toLowerCase());
    await forgotPassword(friend.email);
    expect(messagesTo(leaver.email)).toHaveLength(1);

    await deleteAccount(t.app, leaver);
    expect(messagesTo(leaver.email)).toEqual([]);
    expect(messagesTo(friend.email)).toHaveLength(1);
  });
});
