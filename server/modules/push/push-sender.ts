import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Notification } from '../../../src/api/notification-schemas';
import { notificationTextOutsideApp, shouldPush } from '../../../src/domain/notification-words';
import type { PushPayload } from '../../../src/api/push-schemas';
import type { Language } from '../../../src/api/languages';
import { recipientLanguages } from '../../i18n/recipient-language';
import { sayFor } from '../../i18n/say-for';
import type { BackgroundTasks } from '../../background-tasks';
import type { Database } from '../../db/schema';
import { findNotificationsByIds } from '../notifications/notification-service';
import { findPreferences } from '../preferences/preferences-queries';
import {
  claimDueMessages,
  deleteMessages,
  fanOut,
  releaseMessages,
  retryMessageLater,
  type ClaimedMessage,
} from './push-outbox';
import { deleteSubscription } from './push-queries';
import { pushRequest, sendPushRequest, VapidSigner } from './push-request';
import { nextStepAfterSend, type NextStep } from './push-retry';
import type { VapidDetails } from './vapid-keys';

/**
 * Sends the Web Push messages of push_outbox (api-contract.md "Reach them when the app is
 * closed"). Every instance runs one sender. It is woken after a commit that wrote notifications
 * (notification-events.ts) and polls every PUSH_POLL_MS besides, so what a restart or another
 * instance's crash left behind is sent all the same. Each round claims a batch of due rows
 * (push-outbox.ts: each row is held by one instance at a time), then:
 * - drops the rows whose notification the recipient may no longer see, or whose kind they turned
 *   off in their push preferences;
 * - replaces each notification still to fan out by one row per device of its recipient;
 * - keeps the messages that carry their own payload (a "Remind me to write", queued per device by
 *   server/modules/reminders), which no notification hides;
 * - sends each device's message, at most PUSH_CONCURRENCY at once, and deletes it once sent; a
 *   device its push service calls gone is forgotten, a failure worth retrying is tried again later.
 * All of it in the background: the request that caused a notification never waits for it.
 */

/** How often an instance looks for due messages it was not woken for (PUSH_POLL_MS). */
export const PUSH_POLL_MS = 1000;

/**
 * How long a claim holds its rows: far longer than a batch can take (its requests are sent at
 * once and each gives up after PUSH_TIMEOUT_MS, 10 s), so a live instance's rows are never taken
 * over, and short enough that a dead instance's are sent within a minute.
 */
export const PUSH_CLAIM_MS = 60_000;
/** Requests in flight at once: a fan-out to 1,000 devices opens a handful of sockets, not 1,000. */
export const PUSH_CONCURRENCY = 16;
/**
 * Free request slots worth a claim while other batches are in flight: fewer would cost a claim's
 * queries for every answer that comes back.
 */
export const PUSH_MIN_CLAIM = 4;

export interface PushSenderDeps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  background: BackgroundTasks;
  vapid: () => Promise<VapidDetails>;
  /** How often to look for due messages it was not woken for (config.push.pollMs). */
  pollMs?: number;
}

/**
 * What one message says, decrypted: the sentence (its actor named with their username, as outside
 * the app the name stands alone) and the notification as the list shows it.
 */
export function pushPayloadOf(
  notification: Notification,
  recipientId: number,
  language: Language = 'en',
): PushPayload {
  const title = notificationTextOutsideApp(notification, recipientId, sayFor(language));
  // `lang` tells the device the title's language (English when absent, as before there was one).
  return { title, notification, ...(language === 'en' ? {} : { lang: language }) };
}

const iso = (ms: number) => new Date(ms).toISOString();

export class PushSender {
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private again = false;
  private stopped = false;
  private readonly stopping = new AbortController();
  /** Requests sent and not yet answered, of every batch. */
  private inFlight = 0;
  /** Ends the drain's wait for a free slot or for new messages. */
  private nudge: (() => void) | undefined;
  /** The tail of the queue of inOwnTurn. */
  private turns: Promise<unknown> = Promise.resolve();
  /** Made once the keys are read (the first message this instance sends). */
  private signer: VapidSigner | undefined;

  constructor(private readonly deps: PushSenderDeps) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.deps.pollMs ?? PUSH_POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due messages now, in the background; a drain already running looks once more. */
  wake(): void {
    if (this.stopped) return;
    this.again = true;
    this.nudge?.();
    if (this.busy) return;
    this.busy = true;
    this.deps.background.run('web push', () => this.drain());
  }

  /**
   * No new round starts, requests in flight are aborted and their rows given back, for the next
   * instance to send. The app's close waits for the drain to end (app.background).
   */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.stopping.abort();
    this.nudge?.();
  }

  /**
   * Claims and sends until nothing is due. Batches overlap: a new one is claimed as soon as
   * PUSH_MIN_CLAIM request slots are free, so one slow push service holds up only the slots of its
   * own requests (at most PUSH_TIMEOUT_MS), never everyone else's messages.
   */
  private async drain(): Promise<void> {
    const batches = new Set<Promise<void>>();
    try {
      while (!this.stopped) {
        this.again = false;
        const free = PUSH_CONCURRENCY - this.inFlight;
        if (
          free >= Math.min(PUSH_MIN_CLAIM, PUSH_CONCURRENCY) ||
          (free > 0 && batches.size === 0)
        ) {
          const claimed = await this.round(free, batches);
          if (claimed) continue;
        }
        if (batches.size === 0 && !this.again) break;
        if (!this.again) {
          await new Promise<void>((resolve) => (this.nudge = resolve));
          this.nudge = undefined;
        }
      }
      await Promise.all(batches);
    } finally {
      this.busy = false;
    }
  }

  /**
   * Claims up to `limit` due rows; drops those not to push, fans out the notifications, and starts
   * sending the devices' messages (tracked in `batches` until recorded). Whether anything was
   * claimed (then more may be due: a fan-out just made rows).
   */
  private async round(limit: number, batches: Set<Promise<void>>): Promise<boolean> {
    const { db } = this.deps;
    const now = Date.now();
    const claimed = await claimDueMessages(db, iso(now), iso(now + PUSH_CLAIM_MS), limit);
    if (claimed.length === 0) return false;
    const shown = await this.stillToPush(claimed);
    // A message with its own payload (a reminder) has no notification to hide or fan out.
    const wanted = (m: ClaimedMessage) =>
      m.notificationId === null ? m.payload !== null : shown.has(m.notificationId);
    await deleteMessages(
      db,
      claimed.filter((m) => !wanted(m)).map((m) => m.id),
    );
    await fanOut(
      db,
      claimed
        .filter((m) => m.device === null && m.notificationId !== null && wanted(m))
        .map((m) => m.id),
      iso(now),
    );
    const toSend = claimed.filter((m) => m.device !== null && wanted(m));
    if (toSend.length > 0) {
      this.signer ??= new VapidSigner(await this.deps.vapid());
      this.inFlight += toSend.length;
      const batch: Promise<void> = this.send(toSend, shown, this.signer)
        .catch((error: unknown) =>
          this.deps.log.error({ err: error }, 'Web Push: recording a batch failed'),
        )
        .finally(() => {
          batches.delete(batch);
          // Its slots are free: the drain looks again even if it was busy claiming just now.
          this.again = true;
          this.nudge?.();
        });
      batches.add(batch);
    }
    return true;
  }

  /**
   * The notifications of these messages that are still to push, by id, as their payloads: visible
   * to their recipient (the rule of the list, findNotificationsByIds) and of a kind they leave on,
   * in the recipient's language. One read of each recipient's preferences and notifications per
   * batch, and one of all their languages.
   */
  private async stillToPush(
    messages: readonly ClaimedMessage[],
  ): Promise<Map<number, PushPayload>> {
    const byRecipient = new Map<number, Set<number>>();
    for (const m of messages) {
      if (m.notificationId === null) continue;
      const ids = byRecipient.get(m.recipientId) ?? new Set<number>();
      ids.add(m.notificationId);
      byRecipient.set(m.recipientId, ids);
    }
    const shown = new Map<number, PushPayload>();
    const languages = await recipientLanguages(this.deps.db, [...byRecipient.keys()]);
    for (const [recipientId, ids] of byRecipient) {
      const { push } = await findPreferences(this.deps.db, recipientId);
      const language = languages.get(recipientId) ?? 'en';
      for (const n of await findNotificationsByIds(this.deps.db, recipientId, [...ids])) {
        if (shouldPush(push, n.kind)) shown.set(n.id, pushPayloadOf(n, recipientId, language));
      }
    }
    return shown;
  }

  /**
   * Sends a batch's messages all at once (round() claimed no more than the free slots), each
   * slot given back as its answer comes, then records what became of each.
   */
  private async send(
    messages: readonly ClaimedMessage[],
    shown: ReadonlyMap<number, PushPayload>,
    signer: VapidSigner,
  ): Promise<void> {
    const steps = new Map<ClaimedMessage, NextStep>();
    const sendOne = async (message: ClaimedMessage) => {
      try {
        const sending = await this.inOwnTurn(() => {
          if (this.stopping.signal.aborted) return null;
          const payload = message.payload ?? JSON.stringify(shown.get(message.notificationId!)!);
          // Wrapped: the turn ends once the request is on its way, not when it is answered.
          return {
            answer: sendPushRequest(
              pushRequest(message.device!, payload, signer),
              this.stopping.signal,
            ),
          };
        });
        if (sending === null) {
          steps.set(message, { step: 'release' });
          return;
        }
        steps.set(message, nextStepAfterSend(await sending.answer, message.attempts));
      } catch (error) {
        // A device's keys the library cannot encrypt to: nothing sent, and nothing will be.
        this.deps.log.warn({ err: error, outboxId: message.id }, 'Web Push message not sent');
        steps.set(message, { step: 'drop', reason: 'could not be encrypted' });
      } finally {
        this.inFlight -= 1;
        this.nudge?.();
      }
    };
    await Promise.all(messages.map(sendOne));
    await this.record(steps);
  }

  /**
   * Runs `work` in a turn of the event loop of its own, once the work queued before it has run.
   * Encrypting a message and starting its request is about 2 ms of synchronous CPU: run back to
   * back for 16 messages they would hold every other request for 30 ms; one per turn, the
   * server's other requests are read and answered between them.
   */
  private inOwnTurn<T>(work: () => T): Promise<T> {
    const run = this.turns.then(() => nextTurn()).then(work);
    this.turns = run.catch(() => undefined);
    return run;
  }

  private async record(steps: ReadonlyMap<ClaimedMessage, NextStep>): Promise<void> {
    const { db, log } = this.deps;
    const finished: number[] = [];
    const released: number[] = [];
    const goneDevices = new Set<number>();
    const now = Date.now();
    for (const [message, next] of steps) {
      switch (next.step) {
        case 'done':
          finished.push(message.id);
          break;
        case 'forget-device':
          goneDevices.add(message.device!.subscriptionId);
          break;
        case 'drop':
          log.warn(
            { outboxId: message.id, origin: new URL(message.device!.endpoint).origin },
            `Web Push message dropped: ${next.reason}`,
          );
          finished.push(message.id);
          break;
        case 'retry':
          await retryMessageLater(db, message.id, next.attempts, iso(now + next.delayMs));
          break;
        case 'release':
          released.push(message.id);
          break;
      }
    }
    await deleteMessages(db, finished);
    await releaseMessages(db, released);
    // Its queued messages cascade with it.
    for (const id of goneDevices) await deleteSubscription(db, id);
  }
}
