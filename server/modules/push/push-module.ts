import type { FastifyInstance } from 'fastify';
import { pushRoutes } from './push-routes';
import { PushSender } from './push-sender';
import { vapidKeysOf } from './vapid-keys';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Web Push sender; woken after a write of notifications commits. */
    pushSender: PushSender;
  }
}

/**
 * Web Push (api-contract.md "Reach them when the app is closed"): the /api/push routes and this
 * instance's sender, started when the app is ready and stopped before it closes (as the trash's
 * retention is). Registered without encapsulation (Fastify's skip-override, what fastify-plugin
 * sets) so that `pushSender` decorates the root instance, where every module's publish reaches it
 * (notification-events.ts publishTo).
 */
async function pushModule(app: FastifyInstance): Promise<void> {
  const vapid = vapidKeysOf(app.db, app.config.push);
  const sender = new PushSender({
    db: app.db,
    log: app.log,
    background: app.background,
    vapid,
    pollMs: app.config.push.pollMs,
  });
  app.decorate('pushSender', sender);
  app.addHook('onReady', async () => sender.start());
  app.addHook('preClose', async () => sender.stop());
  await app.register(pushRoutes(vapid));
}

export const pushPlugin = Object.assign(pushModule, { [Symbol.for('skip-override')]: true });
