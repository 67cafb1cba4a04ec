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
import { args, RACE_WRITERS } from './fuzz-options';
import { unanswered } from './fuzz-send';
import { signedInJson as headers } from './fuzz-world';

/** What a token that opens nothing is answered (request-auth.ts). */
const DEAD_TOKEN = 'The access token is invalid or has expired';

type Kind = 'terms' | 'subscribe' | 'unsubscribe' | 'preferences';

interface Answer {
  kind: Kind;
  status: number | string;
  title: string | undefined;
  /** Arrival order, on one clock with the deletion's answer. */
  at: number;
}

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
  let clock = 0;
  let deleted = false;
  let made = 0;
  const answers: Answer[] = [];
  const problems: string[] = [];

  const request = (kind: Kind, own: number[]): { method: string; url: string; body?: unknown } => {
    if (kind === 'terms') {
      return { method: 'POST', url: '/api/TermsOfService/accept', body: { version: '1.0' } };
    }
    if (kind === 'unsubscribe') {
      return { method: 'DELETE', url: `/api/push/subscriptions/${own.pop() ?? 0}` };
    }
    if (kind === 'subscribe') {
      made += 1;
      return { method: 'POST', url: '/api/push/subscriptions', body: newSubscription(round, made) };
    }
    const emailDigest = answers.length % 2 === 0 ? 'daily' : 'weekly';
    return { method: 'PUT', url: '/api/account/preferences', body: { emailDigest } };
  };

  const writer = async (index: number) => {
    const own: number[] = [];
    const kinds: Kind[] = ['terms', 'subscribe', 'preferences'];
    while (!deleted) {
      // The device writer removes, every other turn, the one it saved the turn before.
      const kind: Kind =
        index % 3 === 1 && own.length > 0 ? 'unsubscribe' : kinds[index % kinds.length]!;
      const { method, url, body } = request(kind, own);
      let status: number | string;
      let title: string | undefined;
      try {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: headers(leaver),
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        const text = await res.text();
        const json = text ? (JSON.parse(text) as { id?: number; title?: string }) : {};
        title = res.ok ? undefined : json.title;
        if (kind === 'subscribe' && status === 201 && json.id !== undefined) own.push(json.id);
      } catch (error) {
        status = unanswered(error);
      }
      clock += 1;
      answers.push({ kind, status, title, at: clock });
      if (status === 401 || typeof status === 'string') return;
    }
  };

  const writers = Array.from({ length: RACE_WRITERS }, (_, i) => writer(i));
  while (answers.length < RACE_WRITERS * 2) await new Promise((r) => setTimeout(r, 2));
  const deletion = await fetch(`${base}/api/account`, {
    method: 'DELETE',
    headers: headers(leaver),
    body: JSON.stringify({ password: leaver.password }),
    signal: AbortSignal.timeout(10_000),
  });
  await deletion.text();
  clock += 1;
  const deletedAt = clock;
  deleted = true;
  await Promise.all(writers);

  const ok = (a: Answer) => typeof a.status === 'number' && a.status >= 200 && a.status < 300;
  if (deletion.status !== 204) problems.push(`the deletion answered ${deletion.status}`);
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
