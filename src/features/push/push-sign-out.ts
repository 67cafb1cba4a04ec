import { deletePushSubscription } from './push-api';
import {
  allDeviceRecords,
  currentBrowserSubscription,
  forgetAllDeviceRecords,
} from './this-device';

/** Sign-out should not wait long on a server that does not answer. */
const SIGN_OUT_DELETE_MS = 5_000;

/**
 * Sign-out leaves nothing behind: while the token still works, the server forgets this browser's
 * subscriptions (ids another account kept here answer 404, harmlessly), then the browser
 * unsubscribes, so nothing reaches this device for a person who left it. Loaded by src/app at
 * sign-out only; failures are the caller's to log, sign-out goes on.
 */
export async function forgetThisBrowserPush(): Promise<void> {
  const records = allDeviceRecords();
  try {
    await Promise.allSettled(
      records.map(({ record }) =>
        deletePushSubscription(record.id, { timeoutMs: SIGN_OUT_DELETE_MS }),
      ),
    );
    const subscription = await currentBrowserSubscription();
    await subscription?.unsubscribe();
  } finally {
    forgetAllDeviceRecords();
  }
}
