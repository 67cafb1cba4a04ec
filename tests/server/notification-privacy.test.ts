import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src/api/notification-schemas';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import { canView, type RelationFact } from '../../src/domain/visibility';
import { commentNotificationRecipients } from '../../src/domain/notification-rules';
import { notifyComment } from '../../server/modules/notifications/notification-service';
import {
  describeCase,
  visibilityCases as all,
  type VisibilityCase,
} from '../support/visibility-cases';
import { setUpTestApp } from './support/test-app';
import { call, insertComment, person, relation, writeRumination } from './ruminations-support';

/**
 * A notification about a rumination or a comment is shown (listed and counted) exactly when its
 * recipient may read the rumination, over the cases of the visibility rule
 * (tests/support/visibility-cases.ts): the case's viewer is the recipient. Then every accepted
 * relation of the case ends through the API, and the notification is shown exactly when the rule
 * still lets them read it (canView of src/domain/visibility.ts over the ended relations).
 *
 * Anonymous cases have nobody to notify and are left out. For the author as viewer, someone else
 * comments on their rumination (CommentOnMyRumination); otherwise the author replies to a comment
 * of the viewer (ReplyToMyComment). Comments are written directly (a draft may hold comments from
 * before it was unpublished, and a hidden rumination takes none through the API) and notified
 * through the service's own notifyComment; their creation through the API is tested in
 * notifications.test.ts.
 */

const t = setUpTestApp();

const cases = all.filter((c) => c.viewer !== 'anonymous');

async function arrange(c: VisibilityCase) {
  const author = await person(t);
  const viewer = c.viewer === 'author' ? author : await person(t);
  const relations: (RelationFact & { id: number })[] = [];
  for (const r of c.relations) {
    const [initiator, receiver] = r.initiator === 'author' ? [author, viewer] : [viewer, author];
    const type = relationTypeOfAudience(r.type);
    const id = await relation(t.db, initiator, receiver, type, r.state);
    relations.push({
      id,
      type,
      initiatorId: initiator.id,
      receiverId: receiver.id,
      state: r.state,
    });
  }
  const rumination = await writeRumination(t, author, {
    audiences: c.audiences,
    publish: c.published,
  });
  let commentId: number;
  if (c.viewer === 'author') {
    const other = await person(t);
    commentId = await insertComment(t.db, other, rumination.id);
    await notifyComment(t.db, {
      commentId,
      ruminationId: rumination.id,
      actorId: other.id,
      recipients: commentNotificationRecipients({
        ruminationAuthorId: author.id,
        parentCommentAuthorId: null,
        actorId: other.id,
      }),
    });
  } else {
    const viewersComment = await insertComment(t.db, viewer, rumination.id);
    commentId = await insertComment(t.db, author, rumination.id, viewersComment);
    await notifyComment(t.db, {
      commentId,
      ruminationId: rumination.id,
      actorId: author.id,
      recipients: commentNotificationRecipients({
        ruminationAuthorId: author.id,
        parentCommentAuthorId: viewer.id,
        actorId: author.id,
      }),
    });
  }
  const facts = {
    authorId: author.id,
    isPublished: c.published,
    audiences: c.audiences.map(relationTypeOfAudience),
  };
  return { author, viewer, relations, commentId, facts };
}

async function shown(recipient: Awaited<ReturnType<typeof person>>, commentId: number) {
  const list = await call(t, 'GET', '/api/notifications', { as: recipient });
  const count = await call(t, 'GET', '/api/notifications/unread-count', { as: recipient });
  expect(list.statusCode).toBe(200);
  expect(count.statusCode).toBe(200);
  const listed = list.json<Notification[]>().filter((n) => n.commentId === commentId);
  return { listed: listed.length, count: count.json<{ count: number }>().count };
}

describe('notifications follow the visibility rule', () => {
  it('holds the cases with somebody to notify', () => {
    expect(cases.length).toBeGreaterThan(600);
  });

  it.each(cases.map((c) => [describeCase(c), c] as const))('%s', async (_name, c) => {
    const { viewer, relations, commentId, facts } = await arrange(c);
    const before = c.visible ? 1 : 0;
    // The recipient has no other notification: the count is this one's.
    expect(await shown(viewer, commentId)).toEqual({ listed: before, count: before });

    const accepted = relations.filter((r) => r.state === 'accepted');
    for (const r of accepted) {
      const res = await call(t, 'DELETE', `/api/UserRelations/${r.id}`, { as: viewer });
      expect(res.statusCode).toBe(204);
    }
    const ended = relations.map((r) =>
      r.state === 'accepted' ? { ...r, state: 'deleted' as const } : r,
    );
    const after = canView(facts, viewer.id, ended) ? 1 : 0;
    if (accepted.length > 0 || after !== before) {
      expect(await shown(viewer, commentId)).toEqual({ listed: after, count: after });
    }
  });
});
