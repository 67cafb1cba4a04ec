import { HttpResponse } from 'msw';
import { settle } from '../../src/api/problem';
import { reactionParams, type Reactor } from '../../src/api/reaction-schemas';
import { ruminationIdParams } from '../../src/api/rumination-schemas';
import {
  decideReactionAdd,
  decideReactionRemove,
  type ReactableRumination,
} from '../../src/domain/reactions';
import { noContent, optionalUser, parseWith, readId, requireWriter, route } from '../http';
import { now } from '../store/clock';
import { getDb, saveDb } from '../store/db';
import { createNotification } from '../store/notifications';
import { findVisibleRumination, userRef, visibleRuminationOr404 } from '../views';

/**
 * /api/ruminations/{id}/reactions (api-contract.md "Habits of a shared journal"): loads the facts
 * from the store, asks the shared rules (src/domain/reactions.ts) and stores what they decided.
 */

function findReactable(id: number, userId: number): ReactableRumination | undefined {
  const r = findVisibleRumination(id, userId);
  return r && { id: r.id, authorId: r.authorId, isPublished: r.isPublished };
}

function readParams(params: Record<string, string | readonly string[] | undefined>) {
  return parseWith(reactionParams, { id: params['id'], kind: params['kind'] }, 'params');
}

export const reactionHandlers = [
  route('get', '/api/ruminations/:id/reactions', ({ request, params }) => {
    const id = readId(params, ruminationIdParams);
    visibleRuminationOr404(id, optionalUser(request));
    const list: Reactor[] = getDb()
      .reactions.filter((x) => x.ruminationId === id)
      // Newest first; the later stored first among equal times, as the server's order by person.
      .map((x, at) => ({ x, at }))
      .sort((a, b) => b.x.createTMS.localeCompare(a.x.createTMS) || b.at - a.at)
      .map(({ x }) => ({ kind: x.kind, user: userRef(x.userId) }));
    return HttpResponse.json(list);
  }),

  route('put', '/api/ruminations/:id/reactions/:kind', ({ request, params }) => {
    const { id, kind } = readParams(params);
    const userId = requireWriter(request);
    const db = getDb();
    const rumination = findReactable(id, userId);
    const notified = db.reactionNotified.some((x) => x.ruminationId === id && x.userId === userId);
    const decided = settle(decideReactionAdd(rumination, userId, notified));
    const held = db.reactions.some(
      (x) => x.ruminationId === id && x.userId === userId && x.kind === kind,
    );
    if (!held) db.reactions.push({ ruminationId: id, userId, kind, createTMS: now() });
    if (decided.notify !== null) {
      db.reactionNotified.push({ ruminationId: id, userId });
      createNotification({
        recipientId: decided.notify,
        actorId: userId,
        kind: 'ReactionOnMyRumination',
        ruminationId: id,
      });
    }
    saveDb();
    return noContent();
  }),

  route('delete', '/api/ruminations/:id/reactions/:kind', ({ request, params }) => {
    const { id, kind } = readParams(params);
    const userId = requireWriter(request);
    settle(decideReactionRemove(findReactable(id, userId)));
    const db = getDb();
    db.reactions = db.reactions.filter(
      (x) => !(x.ruminationId === id && x.userId === userId && x.kind === kind),
    );
    saveDb();
    return noContent();
  }),
];
