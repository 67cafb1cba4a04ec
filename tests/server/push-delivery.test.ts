import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptPush, verifyVapid, type PushReceiver } from '../support/web-push-receiver';
import { setUpPushDelivery } from './push-delivery-support';
import { call, requestRelation, writeRumination } from './ruminations-support';

/**
 * Web Push delivery (api-contract.md "Reach them when the app is closed"): what a device receives
 * for a notification, checked as a push service and a browser check it (the VAPID signature and
 * the aes128gcm decryption, tests/support/web-push-receiver.ts), and when it receives nothing.
 * Beside this file: what the push service answers (push-delivery-answers), restarts
 * (push-delivery-restart) and the retry schedule (push-delivery-retry).
 */

const push = setUpPushDelivery();
const {
  t,
  someone,
  device,
  comment,
  decrypted,
  notificationsOf,
  outboxRowsFor,
  outboxEmptyFor,
  quietDatabase,
  startInstance,
} = push;
let receiver: PushReceiver;
beforeAll(() => {
  // Started by setUpPushDelivery's own beforeAll, which runs first.
  receiver = push.receiver;
});

describe('a comment on my rumination', () => {
  it('reaches my device within 5 s: encrypted to it, signed with the public key, names only', async () => {
    const author = await someone();
    const bob = await someone('Bob Example 🌻');
    const d = await device(author);
    const noteText = `my secret note ${randomBytes(6).toString('hex')}`;
    const commentText = `bob's private words ${randomBytes(6).toString('hex')}`;
    const note = await writeRumination(t, author, { content: noteText });
    const sent = await comment(bob, note.id, commentText);

    const [push] = await receiver.waitFor(d.endpoint, 1, 5000);
    const payload = decrypted(push!, d);
    const [listed] = await notificationsOf(author);
    expect(payload).toEqual({
      // Outside the app the name is followed by the username: it cannot pass for another's.
      title: `Bob Example 🌻 (@${bob.username}) commented on your rumination`,
      notification: listed,
    });
    expect(payload.notification).toMatchObject({
      kind: 'CommentOnMyRumination',
      ruminationId: note.id,
      commentId: sent.id,
      actor: { id: bob.id, username: bob.username, displayName: 'Bob Example 🌻' },
    });
    const plaintext = decryptPush(push!.body, d.subscriber);
    expect(plaintext).not.toContain(noteText);
    expect(plaintext).not.toContain(commentText);
    expect(push!.body.toString('latin1')).not.toContain(commentText);

    const { publicKey } = (await call(t, 'GET', '/api/push/public-key')).json<{
      publicKey: string;
    }>();
    const vapid = await verifyVapid(push!.headers, d.endpoint);
    expect(vapid).toEqual({ publicKey, subject: 'mailto:no-reply@app.test' });
    expect(push!.headers['ttl']).toBe('86400');
    expect(push!.headers['urgency']).toBe('normal');
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    await outboxEmptyFor(author.id);
    expect(receiver.receivedFor(d.endpoint)).toHaveLength(1);
  });

  it('reaches each of two devices once', async () => {
    const author = await someone();
    const [phone, laptop] = [await device(author), await device(author)];
    const note = await writeRumination(t, author);
    const plain = await someone();
    await comment(plain, note.id);
    await Promise.all([receiver.waitFor(phone.endpoint), receiver.waitFor(laptop.endpoint)]);
    await outboxEmptyFor(author.id);
    expect(receiver.receivedFor(phone.endpoint)).toHaveLength(1);
    expect(receiver.receivedFor(laptop.endpoint)).toHaveLength(1);
    // A display name that is the username: the username once.
    expect(decrypted(receiver.receivedFor(laptop.endpoint)[0]!, laptop).title).toBe(
      `${plain.username} commented on your rumination`,
    );
    // One VAPID signature serves many messages to one push service (RFC 8292), and still checks.
    const [toPhone, toLaptop] = [phone, laptop].map((d) => receiver.receivedFor(d.endpoint)[0]!);
    expect(toPhone!.headers.authorization).toBe(toLaptop!.headers.authorization);
    await verifyVapid(toLaptop!.headers, laptop.endpoint);
  });

  it('reaches nobody who has no device, and writes nothing to the outbox for them', async () => {
    const author = await someone();
    const note = await writeRumination(t, author);
    await comment(await someone(), note.id);
    const rows = await outboxRowsFor(author.id);
    expect(rows).toEqual([]);
  });

  it('is not waited for by the comment: a slow push service does not slow the POST', async () => {
    receiver.delayMs = 3000;
    const author = await someone();
    const d = await device(author);
    const note = await writeRumination(t, author);
    const sent = await comment(await someone(), note.id);
    expect(sent.ms).toBeLessThan(1000);
    await receiver.waitFor(d.endpoint, 1, 5000);
  });
});

describe('what is not sent', () => {
  it('a kind turned off in push preferences: nothing; a kind left on still reaches the device', async () => {
    const author = await someone();
    const d = await device(author);
    const off = await call(t, 'PUT', '/api/account/preferences', {
      as: author,
      body: { push: { CommentOnMyRumination: false } },
    });
    expect(off.statusCode).toBe(200);
    const note = await writeRumination(t, author);
    await comment(await someone(), note.id);
    // A relation request is a kind left on: it comes, and the comment's never does.
    await requestRelation(t, await someone(), author, 2);
    const [push] = await receiver.waitFor(d.endpoint, 1, 5000);
    await outboxEmptyFor(author.id);
    expect(receiver.receivedFor(d.endpoint)).toHaveLength(1);
    expect(decrypted(push!, d).notification.kind).toBe('RelationRequested');
  });

  it('a notification hidden before it was sent (the rumination trashed): nothing', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    await comment(await someone(undefined, quiet), note.id, undefined, quiet);
    const trashed = await call(quiet, 'DELETE', `/api/ruminations/${note.id}`, { as: author });
    expect(trashed.statusCode).toBe(204);
    await startInstance(quiet);
    await outboxEmptyFor(author.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
  });

  it('a comment deleted before its notification was sent: nothing', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const bob = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    const sent = await comment(bob, note.id, undefined, quiet);
    const deleted = await call(quiet, 'DELETE', `/api/comments/${sent.id}`, { as: bob });
    expect(deleted.statusCode).toBe(204);
    await startInstance(quiet);
    await outboxEmptyFor(author.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
  });

  it('a relation request withdrawn before it was sent: nothing', async () => {
    const quiet = await quietDatabase();
    const asked = await someone(undefined, quiet);
    const asker = await someone(undefined, quiet);
    const d = await device(asked, quiet);
    const relation = await requestRelation(quiet, asker, asked, 2);
    const cancel = await call(quiet, 'DELETE', `/api/UserRelations/${relation.id}`, { as: asker });
    expect(cancel.statusCode).toBe(204);
    await startInstance(quiet);
    await outboxEmptyFor(asked.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
  });

  it('the kind turned off after the notification was queued: nothing', async () => {
    const quiet = await quietDatabase();
    const author = await someone(undefined, quiet);
    const d = await device(author, quiet);
    const note = await writeRumination(quiet, author);
    await comment(await someone(undefined, quiet), note.id, undefined, quiet);
    const off = await call(quiet, 'PUT', '/api/account/preferences', {
      as: author,
      body: { push: { CommentOnMyRumination: false } },
    });
    expect(off.statusCode).toBe(200);
    await startInstance(quiet);
    await outboxEmptyFor(author.id, quiet);
    expect(receiver.receivedFor(d.endpoint)).toEqual([]);
  });
});
