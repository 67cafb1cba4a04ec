import type { NotificationKind } from '../../src/api/notification-schemas';
import type { RelationType } from '../../src/domain/relation-types';
import { now } from './clock';
import { getDb, nextId, saveDb } from './db';
import type { StoredNotification } from './tables';

export interface CreateNotificationOptions {
  recipientId: number;
  actorId: number;
  kind: NotificationKind;
  ruminationId?: number | null;
  commentId?: number | null;
  relationId?: number | null;
  relationType?: RelationType | null;
  /** Default false. */
  isRead?: boolean;
  createTMS?: string;
}

/** Stores one notification (the handlers' way too); open streams of the recipient are told. */
export function createNotification(options: CreateNotificationOptions): StoredNotification {
  const notification: StoredNotification = {
    id: nextId(),
    recipientId: options.recipientId,
    kind: options.kind,
    createTMS: options.createTMS ?? now(),
    isRead: options.isRead ?? false,
    actorId: options.actorId,
    ruminationId: options.ruminationId ?? null,
    commentId: options.commentId ?? null,
    relationId: options.relationId ?? null,
    relationType: options.relationType ?? null,
  };
  getDb().notifications.push(notification);
  saveDb();
  return notification;
}
