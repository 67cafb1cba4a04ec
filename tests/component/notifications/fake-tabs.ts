import { vi } from 'vitest';
import { server } from '../../../mocks/node';
import type { Notification } from '../../../src/api/notification-schemas';
import { startSharedNotificationStream } from '../../../src/features/notifications/notification-stream-leader';

/**
 * The tabs of one browser, as the notification stream tests see them: several client instances in
 * one JS realm that share one lock manager and one set of broadcast channels (happy-dom is one tab, with no BroadcastChannel).
 */

/** navigator.locks, exclusive locks only: granted in the order asked, released when done. */
export class FakeLockManager {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: { name: string }) => unknown,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        Promise.resolve()
          .then(() => callback({ name }))
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            this.waiting.get(name)?.shift()?.();
          });
      };
      if (!this.held.has(name)) {
        grant();
        return;
      }
      const queue = this.waiting.get(name) ?? [];
      queue.push(grant);
      this.waiting.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(grant);
        if (index < 0) return;
        queue.splice(index, 1);
        reject(new DOMException('The lock request was aborted', 'AbortError'));
      });
    });
  }
}

/** BroadcastChannel: a message reaches the other open channels of its name, a copy, later. */
export class FakeBroadcastChannel {
  static readonly open = new Set<FakeBroadcastChannel>();
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly name: string) {
    FakeBroadcastChannel.open.add(this);
  }

  postMessage(data: unknown): void {
    for (const other of FakeBroadcastChannel.open) {
      if (other === this || other.name !== this.name) continue;
      const copy: unknown = structuredClone(data);
      setTimeout(() => {
        if (FakeBroadcastChannel.open.has(other)) other.onmessage?.({ data: copy } as MessageEvent);
      }, 0);
    }
  }

  close(): void {
    FakeBroadcastChannel.open.delete(this);
  }
}

/** Gives this realm the fakes above, as a browser with Web Locks and BroadcastChannel has them. */
export function installFakeTabs(): void {
  Object.defineProperty(navigator, 'locks', { value: new FakeLockManager(), configurable: true });
  vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel);
}

export function removeFakeTabs(): void {
  Reflect.deleteProperty(navigator, 'locks');
  vi.unstubAllGlobals();
  FakeBroadcastChannel.open.clear();
  server.events.removeAllListeners();
}

/** One tab's part of the shared stream, and what it was told, in order; `stop` closes the tab. */
export function openTab(userId: number | null) {
  const seen = { ids: [] as number[], counts: [] as number[] };
  const stop = startSharedNotificationStream({
    userId,
    onNotification: (n: Notification) => seen.ids.push(n.id),
    onUnread: (count) => seen.counts.push(count),
  });
  return { ...seen, stop };
}

/** The Last-Event-ID of every stream opened (null: none), in order. */
export function recordStreams(): (string | null)[] {
  const opened: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/notifications/stream') {
      opened.push(request.headers.get('Last-Event-ID'));
    }
  });
  return opened;
}
