/**
 * The race of deletion with writes (api-contract.md "My account"), run by `npm run fuzz`: a fresh
 * account is deleted while requests of its own keep writing notes, comments and relations; then
 * another while its own keep accepting the terms and changing its devices and preferences
 * (deletion-race-settings.ts).
 */
import { createAccount, type Account } from '../support/accounts';
import type { RunningServer } from '../support/server-process';
import { raceDeletionWithSettings } from './deletion-race-settings';
import { DEAD_TOKEN, raceWritersWithDeletion, type RaceWrite } from './deletion-race-writers';
import { args } from './fuzz-options';
import { signedInJson as headers } from './fuzz-world';

type Kind = 'note' | 'comment' | 'relation';

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

  let asked = 0;
  const problems: string[] = [];

  const write = (writer: number, n: number): RaceWrite<Kind> => {
    // Half of the notes and comments carry an Idempotency-Key.
    const key =
      writer % 2 === 0 && writer % 3 !== 2
        ? { 'idempotency-key': `race-${round}-${writer}-${n}` }
        : undefined;
    if (writer % 3 === 0)
      return {
        kind: 'note',
        method: 'POST',
        url: '/api/ruminations',
        body: { content: `note ${n}`, publish: true },
        headers: key,
      };
    if (writer % 3 === 1) {
      return {
        kind: 'comment',
        method: 'POST',
        url: '/api/comments',
        body: { content: `comment ${n}`, ruminationId: othersNote.id },
        headers: key,
      };
    }
    const target = asked % 2 === 0 ? other : me;
    const relationType = Math.floor(asked / 2) % 6;
    asked += 1;
    return {
      kind: 'relation',
      method: 'POST',
      url: '/api/UserRelations',
      body: { userId: target.id, relationType },
    };
  };

  const { answers, deletionStatus, deletedAt } = await raceWritersWithDeletion(base, leaver, write);

  if (deletionStatus !== 204) problems.push(`the deletion answered ${deletionStatus}`);
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
