import { beforeAll, describe, expect, it } from 'vitest';
import type { PushReceiver } from '../support/web-push-receiver';
import { setUpPushDelivery } from './push-delivery-support';
import { writeRumination } from './ruminations-support';

/**
 * Web Push delivery across restarts and instances (api-contract.md "Reach them when the app is
 * closed"): the outbox keeps what no sender ran for, a dead instance's claim lapses, and two
 * instances send each message once.
 */

const push = setUpPushDelivery();
const { t, someone, device, comment, decrypted, outboxEmptyFor, quietDatabase, startInstance } =
  push;
let receiver: PushReceiver;
beforeAll(() => {
  // Started by setUpPushDelivery's own beforeAll, which runs first.
  receiver = push.receiver;
});

describe('nothing is lost to a restart', () => {
  it('a message written while no sender ran is sent by the next app on the same database', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    const carol = await someone('Carol', quiet);
    await comment(carol, note.id, undefined, quiet);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
    await startInstance(quiet);
    const [push] = await receiver.waitFor(d.endpoint, 1, 5000);
    expect(decrypted(push!, d).title).toBe(
      `Carol (@${carol.username}) commented on your rumination`,
    );
    await outboxEmptyFor(author.id, quiet);
  });

  it('a claim whose instance died is taken over once it lapses, not before', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    await comment(await someone(undefined, quiet), note.id, undefined, quiet);
    // As if an instance had claimed it and died: held for two more seconds.
    await quiet.db
      .updateTable('push_outbox')
      .set({ claimed_until: new Date(Date.now() + 2000).toISOString() })
      .execute();
    await startInstance(quiet);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
    await receiver.waitFor(d.endpoint, 1, 5000);
    await outboxEmptyFor(author.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toHaveLength(1);
  });

  it('two instances on one database send each message once', async () => {
    await startInstance(t);
    const author = await someone();
    const devices = [await device(author), await device(author)];
    const note = await writeRumination(t, author);
    const bob = await someone();
    for (let i = 0; i < 10; i++) await comment(bob, note.id);
    for (const d of devices) await receiver.waitFor(d.endpoint, 10, 10_000);
    await outboxEmptyFor(author.id);
    for (const d of devices) {
      const ids = receiver.receivedFor(d.endpoint).map((p) => decrypted(p, d).notification.id);
      expect(new Set(ids).size).toBe(10);
      expect(ids).toHaveLength(10);
    }
  });
});
