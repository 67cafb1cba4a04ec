import type { Notification, NotificationKind } from '../../../src/api/notification-schemas';
import type { RelationType } from '../../../src/domain/relation-types';
import type { NotificationRow } from './notification-queries';

/** A stored notification as the API gives it (GET /api/notifications items, stream events). */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    createTMS: row.create_tms,
    isRead: row.is_read === 1,
    actor: {
      id: row.actor_id,
      username: row.actor_username,
      displayName: row.actor_display_name,
    },
    ruminationId: row.rumination_id,
    commentId: row.comment_id,
    relationId: row.relation_id,
    relationType: row.relation_type as RelationType | null,
  };
}
