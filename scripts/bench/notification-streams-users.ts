/** The people of `npm run bench:streams` and their unread history, written straight to SQLite. */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { signAccessToken } from '../../server/credentials/access-token';
import type { RunningServer } from '../support/server-process';
import { JWT_SECRET } from './notification-streams-settings';

export interface User {
  id: number;
  token: string;
}

/** Users and their terms acceptance written straight to the server's database, with tokens. */
export async function createUsers(server: RunningServer, count: number): Promise<User[]> {
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const version = (
    db.prepare('select version from terms_versions limit 1').get() as {
      version: string;
    }
  ).version;
  const insertUser = db.prepare(
    `insert into users (username, username_lower, email, email_lower, password_hash, is_active,
       token_version, create_tms) values (?, ?, ?, ?, 'not-used', 1, 0, ?) returning id`,
  );
  const accept = db.prepare(
    'insert into terms_acceptances (user_id, version, accepted_at) values (?, ?, ?)',
  );
  const ids = db.transaction(() => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const name = `stream${i}`;
      const { id } = insertUser.get(
        name,
        name,
        `${name}@example.test`,
        `${name}@example.test`,
        now,
      ) as {
        id: number;
      };
      accept.run(id, version, now);
      out.push(id);
    }
    return out;
  })();
  db.close();
  const secret = new TextEncoder().encode(JWT_SECRET);
  return Promise.all(
    ids.map(async (id) => ({
      id,
      token: await signAccessToken(secret, { userId: id, tokenVersion: 0 }),
    })),
  );
}

/**
 * `perAuthor` unread relation notifications for each author, straight into the server's database
 * (no bus message: no stream hears of them, as of old history). Relation notifications are always
 * visible, so each counts.
 */
export function addUnreadHistory(
  server: RunningServer,
  authors: User[],
  actor: User,
  perAuthor: number,
): void {
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into notifications (recipient_id, actor_id, kind, relation_id, relation_type, is_read,
       create_tms) values (?, ?, 'RelationRequested', 1, 2, 0, ?)`,
  );
  const now = new Date().toISOString();
  db.transaction(() => {
    for (const author of authors)
      for (let i = 0; i < perAuthor; i++) insert.run(author.id, actor.id, now);
  })();
  db.close();
}
