import { t } from '@lingui/core/macro';
import type {
  PushPublicKey,
  PushSubscriptionRequest,
  PushSubscriptionSaved,
  PushSubscriptionSummary,
} from '../../api/push-schemas';
import { api, withDefaultError } from '../../lib/http';

/** /api/push/* and the digest's unsubscribe link (the contract's "Reach them when the app is closed"). */

export function fetchPushPublicKey(): Promise<string> {
  return withDefaultError(t`Failed to fetch the push key`, async () => {
    const { publicKey } = await api.get('push/public-key').json<PushPublicKey>();
    return publicKey;
  });
}

/** The signed-in person's devices, oldest first. */
export function fetchPushSubscriptions(): Promise<PushSubscriptionSummary[]> {
  return withDefaultError(t`Failed to fetch your devices`, () =>
    api.get('push/subscriptions').json<PushSubscriptionSummary[]>(),
  );
}

/** The same endpoint again answers the id it already has. */
export function savePushSubscription(body: PushSubscriptionRequest): Promise<number> {
  return withDefaultError(t`Failed to save this device`, async () => {
    const { id } = await api
      .post('push/subscriptions', { json: body })
      .json<PushSubscriptionSaved>();
    return id;
  });
}

/** Gone already (404) is what was asked for. */
export function deletePushSubscription(
  id: number,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  return withDefaultError(t`Failed to remove this device`, async () => {
    await api.delete(`push/subscriptions/${id}`, {
      throwHttpErrors: (status) => status !== 404,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
  });
}

/**
 * POST /api/email/unsubscribe?token=…: the emailed link's token is the only credential, so no
 * session's bearer token goes with it (someone else may be signed in on this browser).
 */
export function unsubscribeFromDigests(token: string): Promise<void> {
  return withDefaultError(t`Failed to stop email digests`, async () => {
    await api.post('email/unsubscribe', {
      searchParams: { token },
      hooks: { beforeRequest: [(request) => request.headers.delete('Authorization')] },
    });
  });
}
