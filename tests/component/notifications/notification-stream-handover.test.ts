import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createNotification } from '../../../mocks/store/notifications';
import { createUser } from '../../../mocks/store/factories';
import { setToken } from '../../../src/lib/token-storage';
import { installFakeTabs, openTab, recordStreams, removeFakeTabs } from './fake-tabs';

/**
 * The hand-over of the shared notification stream (notification-stream-leader.ts) when its holder
 * closes: the tab that takes it over must open it where the holder stood, so that a notification
 * written in the gap (after the old holder's stream ended, before the new one is open) still
 * arrives live. The gap is made exact: the notification is written in the same task as the close,
 * before the lock can pass on; timers are fake, so nothing depends on how fast the machine is.
 */

function notify(recipientId: number, actorId: number) {
  return createNotification({ recipientId, actorId, kind: 'RelationAccepted', relationType: 2 });
}

describe('the shared notification stream changes hands without losing an event', () => {
  const stops: (() => void)[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    installFakeTabs();
  });

  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    removeFakeTabs();
    vi.useRealTimers();
  });

  function open(userId: number) {
    const opened = openTab(userId);
    stops.push(opened.stop);
    return opened;
  }

  /** Lets every message, lock grant and read that is due run (a generous 100 ms of fake time). */
  async function settle() {
    for (let i = 0; i < 10; i += 1) await vi.advanceTimersByTimeAsync(10);
  }

  test('before any notification: the tab that takes over still gets the one written in the gap', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    setToken(alice.token);
    const streams = recordStreams();
    const first = open(alice.user.id);
    const second = open(alice.user.id);
    await vi.waitFor(() => expect(second.counts).toEqual([0]));
    await settle();

    first.stop();
    const gap = notify(alice.user.id, bob.user.id);

    await vi.waitFor(() => expect(second.ids).toEqual([gap.id]));
    await vi.waitFor(() => expect(second.counts.at(-1)).toBe(1));
    expect(first.ids).toEqual([]);
    // The second stream resumed from where the first began: a Last-Event-ID, not none.
    expect(streams).toHaveLength(2);
    expect(streams[1]).not.toBeNull();
  });

  test('a tab that arrives after the stream began learns where it stands from the holder', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    setToken(alice.token);
    const first = open(alice.user.id);
    await vi.waitFor(() => expect(first.counts).toEqual([0]));
    await settle();

    // Nothing is relayed to it before the hand-over: what it knows, it asked for on arrival.
    const second = open(alice.user.id);
    await settle();
    first.stop();
    const gap = notify(alice.user.id, bob.user.id);

    await vi.waitFor(() => expect(second.ids).toEqual([gap.id]));
    await vi.waitFor(() => expect(second.counts.at(-1)).toBe(1));
  });

  test('hand-over after hand-over: each gap arrives once, in the tab that holds the stream next', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    setToken(alice.token);
    const first = open(alice.user.id);
    const second = open(alice.user.id);
    const third = open(alice.user.id);
    await vi.waitFor(() => expect(third.counts).toEqual([0]));
    await settle();

    first.stop();
    const gap1 = notify(alice.user.id, bob.user.id);
    await vi.waitFor(() => expect(third.ids).toEqual([gap1.id]));
    await settle();

    second.stop();
    const gap2 = notify(alice.user.id, bob.user.id);
    await vi.waitFor(() => expect(third.ids).toEqual([gap1.id, gap2.id]));
    await settle();
    expect(second.ids).toEqual([gap1.id]);
    expect(third.counts.at(-1)).toBe(2);
  });
});
