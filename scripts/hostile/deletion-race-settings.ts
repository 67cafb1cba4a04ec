/**
 * The race of deletion with the person's other writes (api-contract.md "My account": "Every write
 * of the person (accepting terms, push subscriptions, preferences included) excludes the deletion
 * as their notes do"), run by `npm run fuzz` beside the notes' race (deletion-race.ts): a fresh
 * account whose terms still wait is deleted while requests of its own keep accepting the terms,
 * saving and removing push devices and changing its preferences. None of these shows to anybody
 * else through the API, so what is left is read in the server's database itself.
 */
import { createECDH, randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createAccount } from '../support/accounts';
import type { RunningServer } from '../support/server-process';
import {
  DEAD_TOKEN,
  raceWritersWithDeletion,
  type RaceAnswer,
  type RaceWrite,
} from './deletion-race-writers';
import { args, RACE_WRITERS } from './fuzz-options';

type Kind = 'terms' | 'subscribe' | 'unsubscribe' | 'preferences';

/** A browser's subscription on a known push service (nothing is ever sent to it here). */
function newSubscription(round: number, n: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/fuzz-race-${args.seed}-${round}-${n}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

const LEFTOVER_TABLES = {
  'terms acceptances': 'terms_acceptances',
  'push devices': 'push_subscriptions',
  preferences: 'user_preferences',
} as const;

/**
 * How many rows of the person's terms acceptances, devices and preferences the server's database
 * still holds. Only read, and with the database's own client rather than the server's code: the
 * script reaches the server through HTTP (eslint.config.js), and no answer of the API shows these
 * rows once the account is gone.
 */
async function leftoversOf(
  server: Pick<RunningServer, 'dataDir'>,
  userId: number,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const url = args['database-url'];
  if (url !== undefined) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const [what, table] of Object.entries(LEFTOVER_TABLES)) {
        const res = await client.query<{ n: string }>(
          `select count(*) as n from ${table} where user_id = $1`,
          [userId],
        );
        counts[what] = Number(res.rows[0]?.n ?? 0);
      }
    } finally {
      await client.end();
    }
    return counts;
  }
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'), { readonly: true });
  try {
    for (const [what, table] of Object.entries(LEFTOVER_TABLES)) {
      const row = db
        .prepare(`select count(*) as n from ${table} where user_id = ?`)
        .get(userId) as {
        n: number;
      };
      counts[what] = row.n;
    }
  } finally {
    db.close();
  }
  return counts;
}

/**
 * One account deleted while RACE_WRITERS requests of its own keep accepting the terms (every one
 * may be the first), saving new push devices, removing the one they saved the turn before, and
 * setting preferences. Fine: 2xx before the deletion answered, 401 as a dead token, and 404 for a
 * device already ended; nothing acknowledged after it, and no row of theirs left.
 */
export async function raceDeletionWithSettings(
  server: Pick<RunningServer, 'baseURL' | 'logs' | 'dataDir'>,
  round: number,
): Promise<{ acknowledged: number; refused: number; problems: string[] }> {
  const base = server.baseURL;
  const leaver = await createAccount(server, `fuzz_settler_${args.seed}_${round}`, {
    acceptTerms: false,
  });
  let made = 0;
  const problems: string[] = [];
  // The devices each writer saved and has not removed yet.
  const owns: number[][] = Array.from({ length: RACE_WRITERS }, () => []);
  const kinds: Kind[] = ['terms', 'subscribe', 'preferences'];

  const write = (index: number, answered: number): RaceWrite<Kind> => {
    const own = owns[index]!;
    // The device writer removes, every other turn, the one it saved the turn before.
    const kind: Kind =
      index % 3 === 1 && own.length > 0 ? 'unsubscribe' : kinds[index % kinds.length]!;
    if (kind === 'terms') {
      return { kind, method: 'POST', url: '/api/TermsOfService/accept', body: { version: '1.0' } };
    }
    if (kind === 'unsubscribe') {
      return { kind, method: 'DELETE', url: `/api/push/subscriptions/${own.pop() ?? 0}` };
    }
    if (kind === 'subscribe') {
      made += 1;
      return {
        kind,
        method: 'POST',
        url: '/api/push/subscriptions',
        body: newSubscription(round, made),
        answered: (status, json) => {
          if (status === 201 && json.id !== undefined) own.push(json.id);
        },
      };
    }
    const emailDigest = answered % 2 === 0 ? 'daily' : 'weekly';
    return { kind, method: 'PUT', url: '/api/account/preferences', body: { emailDigest } };
  };

  const { answers, deletionStatus, deletedAt } = await raceWritersWithDeletion(base, leaver, write);

  const ok = (a: RaceAnswer<Kind>) =>
    typeof a.status === 'number' && a.status >= 200 && a.status < 300;
  if (deletionStatus !== 204) problems.push(`the deletion answered ${deletionStatus}`);
  for (const a of answers) {
    const fine =
      ok(a) ||
      (a.status === 401 && a.title === DEAD_TOKEN) ||
      (a.status === 404 && a.kind === 'unsubscribe');
    if (!fine) problems.push(`a ${a.kind} answered ${a.status} ${a.title ?? ''}`);
    else if (a.at > deletedAt && ok(a)) {
      problems.push(`a ${a.kind} was answered ${a.status} after the deletion answered`);
    }
  }
  for (const [what, left] of Object.entries(await leftoversOf(server, leaver.id))) {
    if (left > 0) problems.push(`${left} ${what} left`);
  }
  return {
    acknowledged: answers.filter(ok).length,
    refused: answers.filter((a) => a.status === 401).length,
    problems: problems.map((p) => `round ${round} (terms, devices, preferences): ${p}`),
  };
}
