/**
 * What saving a browser's push subscription does to the devices kept (api-contract.md "Reach them
 * when the app is closed"), for the server and the mock backend alike: they load who holds the
 * endpoint and the caller's devices, ask here, and store the answer.
 *
 * - The same endpoint again from the same account is that device, its keys renewed: 200, same id.
 * - An endpoint nobody holds, or one another account holds, is a new device: 201 with a new id.
 *   The endpoint names one browser profile, which is one person's at a time, so another account's
 *   device ends (with what was queued for it); answering as for any new one says nothing about
 *   whether it was known, and whose.
 * - An account holds at most MAX_PUSH_DEVICES: one more ends the oldest (lowest id: ids only
 *   grow), so a notification fans out to at most that many push services.
 */

export const MAX_PUSH_DEVICES = 10;

export interface PushDeviceFacts {
  callerId: number;
  /** The device kept for the endpoint posted, whoever's it is, if any. */
  kept: { id: number; userId: number } | undefined;
  /** The ids of the caller's devices. */
  ownIds: readonly number[];
}

export type PushDeviceSave =
  | { kind: 'renew'; status: 200; id: number; ends: number[] }
  | {
      kind: 'create';
      status: 201;
      /** Another account's device of this endpoint, which ends as the new one starts. */
      replaces: number | undefined;
      ends: number[];
    };

export function decidePushDeviceSave(facts: PushDeviceFacts): PushDeviceSave {
  const { callerId, kept } = facts;
  const oldestFirst = [...facts.ownIds].sort((a, b) => a - b);
  if (kept !== undefined && kept.userId === callerId) {
    // Nothing new: only devices beyond the limit already (kept before it existed) end.
    const others = oldestFirst.filter((id) => id !== kept.id);
    return { kind: 'renew', status: 200, id: kept.id, ends: oldest(others, others.length + 1) };
  }
  return {
    kind: 'create',
    status: 201,
    replaces: kept?.id,
    ends: oldest(oldestFirst, oldestFirst.length + 1),
  };
}

/** The oldest of `ids` (oldest first) to end so that `count` devices become MAX_PUSH_DEVICES. */
function oldest(ids: readonly number[], count: number): number[] {
  return ids.slice(0, Math.max(0, count - MAX_PUSH_DEVICES));
}
