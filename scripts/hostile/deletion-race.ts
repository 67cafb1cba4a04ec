/**
 * The race of deletion with writes (api-contract.md "My account"), run by `npm run fuzz`: a fresh
 * account is deleted while requests of its own keep writing notes, comments and relations; then
 * another while its own keep accepting the terms and changing its devices and preferences
 * (deletion-race-settings.ts).
 */
import { createAccount, type Account } from '../support/accounts';
import type { RunningServer } from '../support/server-process';
import { raceDeletionWithSettings } from './deletion-race-settings';
import { args, RACE_WRITERS } from './fuzz-options';
import { unanswered } from './fuzz-send';
import { signedInJson as headers } from './fuzz-world';

/** What a token that opens nothing is answered (request-auth.ts). */
const DEAD_TOKEN = 'The access token is invalid or has expired';

interface RaceAnswer {
  kind: 'note' | 'comment' | 'relation';
  status: number | string;
  title: string | undefined;
  /** Arrival order, on one clock with the deletion's answer. */
  at: number;
}

export interface RaceResult {
  acknowledged: number;
  refused: number;
  problems: string[];
}

/** A list the API answers, or the problem of not getting one. */
async function fetchList<T>(url: string, init: RequestInit, problems: string[]): Promise<T[]> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as unknown;
  if (res.status === 200 && Array.isArray(body)) return body as T[];
  problems.push(`GET ${new URL(url).pathname} answered ${res.status}`);
  return [];
}

/** Both races of a round: the notes' and the settings'. */
export async function raceDeletionWithWrites(
  server: Pick<RunningServer, 'baseURL' | 'logs' | 'dataDir'>,
  me: Account,
  other: Account,
  round: number,
): Promise<RaceResult> {
  const notes = await raceDeletionWithNotes(server, me, other, round);
  const settings = await raceDeletionWithSettings(server, round);
  return {
    acknowledged: notes.acknowledged + settings.acknowledged,
    refused: notes.refused + settings.refused,
    problems: [...notes.problems, ...settings.problems],
  };
}

/**
 * One account deleted while RACE_WRITERS requests of its own keep writing: notes (public, so that
 * anyone could see one left behind), comments on `other`'s note and relation requests to `other`
 * and `me`; half of the notes and comments with an Idempotency-Key.
 */
async function raceDeletionWithNotes(
  server: Pick<RunningServer, 'baseURL' | 'logs'>,
  me: Account,
  other: Account,
  round: number,
): Promise<RaceResult> {
  const base = server.baseURL;
  const leaver = await createAccount(server, `fuzz_leaver_${args.seed}_${round}`);
  const noted = await fetch(`${base}/api/ruminations`, {
    method: 'POST',
    headers: headers(other),
    body: JSON.stringify({ content: 'a note to comment on', publish: true }),
  });
  const othersNote = (await noted.json()) as { id: number };

  let clock = 0;
  let deleted = false;
  let asked = 0;
  const answers: RaceAnswer[] = [];
  const problems: string[] = [];

  const write = (writer: number): { kind: RaceAnswer['kind']; url: string; body: unknown } => {
    const n = answers.length;
    if (writer % 3 === 0)
      return {
        kind: 'note',
        url: '/api/ruminations',
        body: { content: `note ${n}`, publish: true },
      };
    if (writer % 3 === 1) {
      return {
        kind: 'comment',
        url: '/api/comments',
        body: { content: `comment ${n}`, ruminationId: othersNote.id },
      };
    }
    const target = asked % 2 === 0 ? other : me;
    const relationType = Math.floor(asked / 2) % 6;
    asked += 1;
    return {
      kind: 'relation',
      url: '/api/UserRelations',
      body: { userId: target.id, relationType },
    };
  };

  const writer = async (index: number) => {
    while (!deleted) {
      const { kind, url, body } = write(index);
      const key =
        index % 2 === 0 && kind !== 'relation'
          ? { 'idempotency-key': `race-${round}-${index}-${answers.length}` }
          : undefined;
      let status: number | string;
      let title: string | undefined;
      try {
        const res = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: headers(leaver, key),
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        const text = await res.text();
        title = res.ok ? undefined : (JSON.parse(text) as { title?: string }).title;
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

  if (deletion.status !== 204) problems.push(`the deletion answered ${deletion.status}`);
  for (const a of answers) {
    const fine =
      a.status === 201 ||
      (a.status === 401 && a.title === DEAD_TOKEN) ||
      (a.status === 409 && a.kind === 'relation');
    if (!fine) problems.push(`a ${a.kind} answered ${a.status} ${a.title ?? ''}`);
    else if (a.at > deletedAt && a.status !== 401) {
      problems.push(`a ${a.kind} was answered ${a.status} after the deletion answered`);
    }
  }

  // Nothing of it left, as the people it wrote to see it.
  const notes = await fetchList(`${base}/api/ruminations/public?UserId=${leaver.id}`, {}, problems);
  if (notes.length > 0) problems.push(`${notes.length} of its notes left`);
  const thread = await fetchList<{
    createdBy: { id: number };
    isDeleted: boolean;
    content: string;
  }>(`${base}/api/comments/rumination/${othersNote.id}`, { headers: headers(other) }, problems);
  const kept = thread.filter(
    (c) => c.createdBy.id === leaver.id && (!c.isDeleted || c.content !== ''),
  );
  if (kept.length > 0) problems.push(`${kept.length} of its comments left with their text`);
  for (const who of [me, other]) {
    const relations = await fetchList<{ initiator: { id: number }; receiver: { id: number } }>(
      `${base}/api/UserRelations?IncludeDeleted=true&Limit=200`,
      { headers: headers(who) },
      problems,
    );
    const left = relations.filter(
      (r) => r.initiator.id === leaver.id || r.receiver.id === leaver.id,
    );
    if (left.length > 0) problems.push(`${left.length} of its relations left with ${who.username}`);
  }
  const notifications = await fetchList<{ actor?: { id: number } }>(
    `${base}/api/notifications?Limit=100`,
    { headers: headers(other) },
    problems,
  );
  const told = notifications.filter((n) => n.actor?.id === leaver.id);
  if (told.length > 0) problems.push(`${told.length} notifications of its doing left`);

  return {
    acknowledged: answers.filter((a) => a.status === 201).length,
    refused: answers.filter((a) => a.status === 401).length,
    problems: problems.map((p) => `round ${round}: ${p}`),
  };
}
