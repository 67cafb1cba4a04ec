import { describe, expect, it } from 'vitest';
import { decidePushDeviceSave, MAX_PUSH_DEVICES } from '../../../src/domain/push-devices';

/** Which devices a push subscription's save keeps and ends (api-contract.md "Reach them..."). */

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('decidePushDeviceSave', () => {
  it('a new endpoint is a new device (201), ending none below the limit', () => {
    expect(decidePushDeviceSave({ callerId: 1, kept: undefined, ownIds: range(1, 9) })).toEqual({
      kind: 'create',
      status: 201,
      replaces: undefined,
      ends: [],
    });
  });

  it('the 11th ends the oldest, whatever order the ids come in', () => {
    expect(MAX_PUSH_DEVICES).toBe(10);
    const ownIds = range(5, 10).reverse();
    expect(decidePushDeviceSave({ callerId: 1, kept: undefined, ownIds }).ends).toEqual([5]);
  });

  it('the same endpoint of the same account is that device again (200, its id), ending none', () => {
    expect(
      decidePushDeviceSave({ callerId: 1, kept: { id: 3, userId: 1 }, ownIds: range(1, 10) }),
    ).toEqual({ kind: 'renew', status: 200, id: 3, ends: [] });
  });

  it('another account’s endpoint is a new device (201) that replaces theirs', () => {
    expect(
      decidePushDeviceSave({ callerId: 1, kept: { id: 40, userId: 2 }, ownIds: range(1, 10) }),
    ).toEqual({ kind: 'create', status: 201, replaces: 40, ends: [1] });
  });

  it('devices kept beyond the limit before it existed end at the next save, never the one saved', () => {
    expect(
      decidePushDeviceSave({ callerId: 1, kept: { id: 1, userId: 1 }, ownIds: range(1, 13) }),
    ).toEqual({ kind: 'renew', status: 200, id: 1, ends: [2, 3, 4] });
    expect(
      decidePushDeviceSave({ callerId: 1, kept: undefined, ownIds: range(1, 13) }).ends,
    ).toEqual([1, 2, 3, 4]);
  });
});
