import type { Notification } from '../api/notification-schemas';
import { sayInEnglish, type Say } from '../api/say';
import { nameOutsideApp } from './display-name-rules';
import type { PushKind } from './preferences';
import { relationLabelFor, relationTypeLabel } from './relation-types';

/**
 * What one notification says and where it leads, for every place that shows one: the app's list,
 * the title of a Web Push message (contract: "Reach them when the app is closed": a sentence
 * naming the actor by display name) and the email digest. Notifications carry ids and names only,
 * so the sentence is built from the kind, the actor's display name and the relation type.
 * Outside the app (`notificationTextOutsideApp`) the name is followed by the username.
 */

export function notificationText(
  n: Notification,
  viewerId: number | null,
  say: Say = sayInEnglish,
): string {
  const who = n.actor.displayName;
  switch (n.kind) {
    case 'RelationRequested': {
      // The viewer received the request. The receiver of a Therapist request is the therapist, so
      // from their side the asker wants to be their "Patient" (relationLabelFor).
      if (n.relationType === null) return say('{who} sent you a relation request', { who });
      const receiver = { id: viewerId ?? -1 };
      const relation = relationLabelFor({ type: n.relationType, receiver }, viewerId, say);
      return say('{who} asked to be your {relation}', { who, relation });
    }
    case 'RelationAccepted':
      return n.relationType === null
        ? say('{who} accepted your request', { who })
        : say('{who} accepted your {relation} request', {
            who,
            relation: relationTypeLabel(n.relationType, say),
          });
    case 'CommentOnMyRumination':
      return say('{who} commented on your rumination', { who });
    case 'ReplyToMyComment':
      return say('{who} replied to your comment', { who });
    case 'ReactionOnMyRumination':
      return say('{who} reacted to your rumination', { who });
    case 'MentionedMe':
      return n.commentId === null
        ? say('{who} mentioned you in a rumination', { who })
        : say('{who} mentioned you in a comment', { who });
  }
}

/**
 * The sentence where the app is not around it (a push title, a digest email): no profile link or
 * avatar tells who the actor is there, so the display name is followed by the username when the
 * two differ ("Ana (@ana_g) commented on your rumination"), and one name cannot pass for another.
 */
export function notificationTextOutsideApp(
  n: Notification,
  viewerId: number | null,
  say: Say = sayInEnglish,
): string {
  return notificationText(
    { ...n, actor: { ...n.actor, displayName: nameOutsideApp(n.actor) } },
    viewerId,
    say,
  );
}

/**
 * The app's page for a notification, as a path: a comment where it stands under its rumination
 * (the page scrolls to `#comment-<id>`), a relation on People. The service worker opens it when a
 * push is clicked and the digest links through it.
 */
export function notificationPath(n: Notification): string {
  if (n.ruminationId === null) return '/people';
  const page = `/rumination/${n.ruminationId}`;
  return n.commentId === null ? page : `${page}#comment-${n.commentId}`;
}

/**
 * The tag a device shows a pushed notification under: one per rumination, so several comments on
 * one note replace each other instead of piling up; one per relation otherwise.
 */
export function pushTag(n: Notification): string {
  if (n.ruminationId !== null) return `rumination-${n.ruminationId}`;
  return n.relationId === null ? `notification-${n.id}` : `relation-${n.relationId}`;
}

/** Whether a notification of this kind reaches the recipient's devices (their `push` preferences). */
export function shouldPush(push: Readonly<Record<PushKind, boolean>>, kind: PushKind): boolean {
  return push[kind];
}
