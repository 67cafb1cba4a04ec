import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-context';
import { fetchPushSubscriptions } from './push-api';
import { removeDevice, turnOffThisDevice, turnOnThisDevice } from './push-setup';
import { browserCanPush, currentBrowserSubscription, deviceRecord } from './this-device';

/**
 * The account's devices (server) and which of them is this browser (browser and localStorage).
 * Under the account's key, as preferences are: what refreshes the account refreshes them too.
 */
const PUSH = [...accountKeys.all, 'push'] as const;
const pushKeys = {
  all: PUSH,
  devices: [...PUSH, 'devices'] as const,
  thisDevice: (userId: number) => [...PUSH, 'this-device', userId] as const,
};

export const pushQueries = {
  devices: () => queryOptions({ queryKey: pushKeys.devices, queryFn: fetchPushSubscriptions }),
  /**
   * The server's id of this browser's subscription for the account, or null: the record kept at
   * subscribing, if the browser still holds that very subscription.
   */
  thisDevice: (userId: number) =>
    queryOptions({
      queryKey: pushKeys.thisDevice(userId),
      queryFn: async (): Promise<number | null> => {
        const record = deviceRecord(userId);
        if (!record) return null;
        const subscription = await currentBrowserSubscription();
        return subscription?.endpoint === record.endpoint ? record.id : null;
      },
      // Asks the browser, not the network; and another tab may have changed it.
      networkMode: 'always',
      staleTime: 0,
    }),
};

export function usePushDevices() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...pushQueries.devices(), enabled: isAuthenticated });
}

export function useThisDeviceId(userId: number | null) {
  return useQuery({
    ...pushQueries.thisDevice(userId ?? 0),
    enabled: userId !== null && browserCanPush(),
  });
}

/** Each of these changes the list of devices and what this browser holds: both are asked again. */
function usePushMutation<T>(mutationFn: (variables: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}

export function useTurnOnThisDevice() {
  return usePushMutation(turnOnThisDevice);
}

export function useTurnOffThisDevice() {
  return usePushMutation(turnOffThisDevice);
}

export function useRemoveDevice() {
  return usePushMutation(({ userId, id }: { userId: number; id: number }) =>
    removeDevice(userId, id),
  );
}
