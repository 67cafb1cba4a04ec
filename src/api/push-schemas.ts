import { z } from 'zod';
import {
  isAuthSecret,
  looksLikeP256Point,
  PUSH_AUTH_INVALID,
  PUSH_P256DH_INVALID,
} from '../domain/push-subscriptions';
import { id, idInput, timestamp } from './common';
import { LANGUAGES } from './languages';
import { notification } from './notification-schemas';

/**
 * Wire schemas of /api/push/* (api-contract.md "Reach them when the app is closed"). Which
 * endpoints are kept, and the key's curve check, are src/domain/push-subscriptions.ts.
 */

/** GET /api/push/public-key: the VAPID application server key, base64url of the 65-byte point. */
export const pushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

/** Longest endpoint kept: browsers' are under 500 characters. */
export const PUSH_ENDPOINT_MAX = 2048;

/** POST /api/push/subscriptions: a browser's PushSubscription as JSON (expirationTime ignored). */
export const pushSubscriptionRequest = z.object({
  endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX),
  keys: z.object({
    p256dh: z.string().max(128).refine(looksLikeP256Point, PUSH_P256DH_INVALID),
    auth: z.string().max(64).refine(isAuthSecret, PUSH_AUTH_INVALID),
  }),
});
export type PushSubscriptionRequest = z.input<typeof pushSubscriptionRequest>;

/** 201 for a new endpoint, 200 for one already kept (same id). */
export const pushSubscriptionSaved = z.object({ id });
export type PushSubscriptionSaved = z.infer<typeof pushSubscriptionSaved>;

/** GET /api/push/subscriptions: the caller's devices, oldest first. */
export const pushSubscriptionSummary = z.object({ id, createTMS: timestamp });
export const pushSubscriptionList = z.array(pushSubscriptionSummary);
export type PushSubscriptionSummary = z.infer<typeof pushSubscriptionSummary>;

export const pushSubscriptionIdParams = z.object({ id: idInput });

/**
 * What one Web Push message carries, decrypted: a sentence naming the actor, and the notification
 * as the list shows it. Names and ids only, never a note's or a comment's words.
 */
export const pushPayload = z.object({
  title: z.string(),
  notification,
  /** The title's language, when not English (api-contract.md "Languages"). */
  lang: z.enum(LANGUAGES).optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** POST /api/email/unsubscribe?token=…: the digest's one-click unsubscribe (RFC 8058). */
export const digestUnsubscribeQuery = z.object({ token: z.string().min(1).max(512) });

/**
 * A "Remind me to write" message (contract: "Memories", reminders), decrypted: no notification
 * row, only the words, which never hold a note's text (src/domain/write-reminders.ts).
 */
export const writeReminderPayload = z.object({
  kind: z.literal('WriteReminder'),
  title: z.string(),
  body: z.string().nullable(),
  /** The words' language, when not English. */
  lang: z.enum(LANGUAGES).optional(),
});
export type WriteReminderPayload = z.infer<typeof writeReminderPayload>;
