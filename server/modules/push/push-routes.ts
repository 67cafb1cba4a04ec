import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pushPublicKey,
  pushSubscriptionIdParams,
  pushSubscriptionList,
  pushSubscriptionRequest,
  pushSubscriptionSaved,
} from '../../../src/api/push-schemas';
import { listOwnSubscriptions, removeSubscription, saveSubscription } from './push-service';
import type { VapidDetails } from './vapid-keys';

/**
 * /api/push (api-contract.md "Reach them when the app is closed"): HTTP in and out only; the rules
 * live in push-service.ts. Guarded like /api/account/preferences: signed in, and open while the
 * terms wait for acceptance (a device concerns the account, not what others read). The public key
 * needs no token: a browser subscribes with it.
 */
export function pushRoutes(vapid: () => Promise<VapidDetails>) {
  return async (app: FastifyInstance): Promise<void> => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/api/push/public-key',
      { schema: { response: { 200: pushPublicKey } } },
      async (request) => {
        // A token is optional, but one sent must be valid (401 otherwise), as everywhere.
        await request.authenticate();
        return { publicKey: (await vapid()).publicKey };
      },
    );

    api.post(
      '/api/push/subscriptions',
      {
        schema: {
          body: pushSubscriptionRequest,
          response: { 200: pushSubscriptionSaved, 201: pushSubscriptionSaved },
        },
      },
      async (request, reply) => {
        const user = await request.requireUser();
        const saved = await saveSubscription(
          app.db,
          user.id,
          request.body,
          app.config.push.allowedOrigins,
        );
        return reply.code(saved.created ? 201 : 200).send({ id: saved.id });
      },
    );

    api.get(
      '/api/push/subscriptions',
      { schema: { response: { 200: pushSubscriptionList } } },
      async (request) => {
        const user = await request.requireUser();
        return listOwnSubscriptions(app.db, user.id);
      },
    );

    api.delete(
      '/api/push/subscriptions/:id',
      { schema: { params: pushSubscriptionIdParams } },
      async (request, reply) => {
        const user = await request.requireUser();
        await removeSubscription(app.db, user.id, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
