import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/support/server-process';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import type { MailMessage } from '../../server/mail/mailer';
import { sendDueDigests } from '../../server/modules/digests/digest-run';
import { createMemoryMailer } from './support/memory-mailer';
import { startInstance } from './support/server-instance';
import {
  createEmptyPostgresDatabase,
  testPostgresUrl,
  withDatabase,
} from './support/test-database';
import { insertActiveUser } from './support/test-users';

/**
 * The email digests with several instances over one PostgreSQL (api-contract.md "Reach them when
 * the app is closed": one instance at a time sends them): two instances running the job at the
 * same moment send each person's digest exactly once. First two handles of their own (two pools,
 * as two instances have) running the same run at the same instant with a slow mail server, so the
 * runs overlap person by person; then two real server processes running the job every 100 ms.
 */

const adminUrl = testPostgresUrl();

const DAY = 24 * 60 * 60 * 1000;

/** `count` people with a daily digest and one unread notification each, from one actor. */
async function peopleWithNews(db: Kysely<Database>, count: number): Promise<string[]> {
  const secret = randomBytes(32);
  const tag = randomBytes(3).toString('hex');
  const actor = await insertActiveUser(db, secret, { username: `actor_${tag}` });
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `reader_${tag}_${i}`;
    const { id } = await insertActiveUser(db, secret, { username });
    const now = new Date().toISOString();
    await db
      .insertInto('user_preferences')
      .values({
        user_id: id,
        default_audiences: 0,
        email_digest: 'daily',
        push_off: '',
        update_tms: now,
      })
      .execute();
    await db
      .insertInto('notifications')
      .values({
        recipient_id: id,
        actor_id: actor.id,
        kind: 'RelationRequested',
        is_read: 0,
        create_tms: now,
      })
      .execute();
    emails.push(`${username}@example.test`);
  }
  return emails;
}

async function addNews(db: Kysely<Database>, emails: readonly string[]): Promise<void> {
  const people = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'in', [...emails])
    .execute();
  const actor = people[0];
  if (actor === undefined) throw new Error('nobody');
  await db
    .insertInto('notifications')
    .values(
      people.map((p) => ({
        recipient_id: p.id,
        actor_id: actor.id === p.id ? (people[1]?.id ?? p.id) : actor.id,
        kind: 'RelationAccepted',
        is_read: 0,
        create_tms: new Date().toISOString(),
      })),
    )
    .execute();
}

function countBy(addresses: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const to of addresses) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

describe.skipIf(adminUrl === undefined)('email digests with two instances on PostgreSQL', () => {
  describe('two handles running the job at the same instant', () => {
    let databaseUrl: string;
    let drop: (() => Promise<void>) | undefined;
    let one: Kysely<Database>;
    let two: Kysely<Database>;

    beforeAll(async () => {
      ({ databaseUrl, drop } = await createEmptyPostgresDatabase(adminUrl!));
      one = createDatabase({ databaseUrl });
      two = createDatabase({ databaseUrl });
      await migrateToLatest(one, databaseUrl);
    }, 60_000);

    afterAll(async () => {
      await one?.destroy();
      await two?.destroy();
      await drop?.();
    }, 30_000);

    it('sends each person one digest per period, whichever instance sends it', async () => {
      const emails = await peopleWithNews(one, 25);
      /** A mail server that takes 15 ms a message: the two runs overlap all along. */
      const slowMailer = () => {
        const mailer = createMemoryMailer();
        const send = mailer.send.bind(mailer);
        mailer.send = async (message: MailMessage) => {
          await new Promise((r) => setTimeout(r, 15));
          await send(message);
        };
        return mailer;
      };
      const mailA = slowMailer();
      const mailB = slowMailer();
      const run = (now: Date) =>
        Promise.all([
          sendDueDigests({ db: one, mailer: mailA, appUrl: 'http://app.test' }, now),
          sendDueDigests({ db: two, mailer: mailB, appUrl: 'http://app.test' }, now),
        ]);
      const start = Date.now();

      const [sentA, sentB] = await run(new Date(start));
      expect(sentA + sentB).toBe(emails.length);
      const first = countBy([...mailA.sent, ...mailB.sent].map((m) => m.to));
      expect([...first.keys()].sort()).toEqual([...emails].sort());
      expect([...first.values()].every((n) => n === 1)).toBe(true);

      // New news the same day: nothing, from either; the next day: one more each.
      await addNews(one, emails);
      await run(new Date(start + DAY / 2));
      expect(mailA.sent.length + mailB.sent.length).toBe(emails.length);
      await Promise.all([run(new Date(start + DAY)), run(new Date(start + DAY))]);
      const both = countBy([...mailA.sent, ...mailB.sent].map((m) => m.to));
      expect([...both.values()].every((n) => n === 2)).toBe(true);
      const states = await one.selectFrom('digest_state').select('user_id').execute();
      expect(states).toHaveLength(emails.length);
    });
  });

  describe('two server processes', () => {
    let databaseUrl: string;
    let drop: (() => Promise<void>) | undefined;
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;
    const env = { DIGEST_INTERVAL_MS: '100' };

    beforeAll(async () => {
      ({ databaseUrl, drop } = await createEmptyPostgresDatabase(adminUrl!));
      const jwtSecret = randomBytes(48).toString('base64');
      [a, b] = await Promise.all([
        startInstance({ databaseUrl, jwtSecret, env }),
        startInstance({ databaseUrl, jwtSecret, env }),
      ]);
    }, 90_000);

    afterAll(async () => {
      await Promise.all([a, b].map((instance) => instance?.stop()));
      await drop?.();
    }, 30_000);

    /** The recipients of every digest in both instances' outboxes. */
    function outboxRecipients(): string[] {
      const recipients: string[] = [];
      for (const instance of [a, b]) {
        const dir = path.join(instance?.dataDir ?? '', 'outbox');
        if (!fs.existsSync(dir)) continue;
        for (const name of fs.readdirSync(dir)) {
          const content = fs.readFileSync(path.join(dir, name), 'utf8');
          if (!content.includes('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n')) {
            continue;
          }
          const to = /\r\nTo: ([^\r]+)\r\n/.exec(content)?.[1];
          if (to !== undefined) recipients.push(to);
        }
      }
      return recipients;
    }

    it('both running the job every 100 ms send each person exactly one digest', async () => {
      const emails = await withDatabase(databaseUrl, (db) => peopleWithNews(db, 20));
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const got = new Set(outboxRecipients());
        if (emails.every((e) => got.has(e))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // Many more runs of both, with more news the same day.
      await withDatabase(databaseUrl, (db) => addNews(db, emails));
      await new Promise((r) => setTimeout(r, 1500));
      const counts = countBy(outboxRecipients());
      for (const email of emails) expect(counts.get(email), email).toBe(1);
    }, 60_000);
  });
});
