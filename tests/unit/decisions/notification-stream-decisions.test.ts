import { describe, expect, it } from 'vitest';
import {
  MAX_STREAMS_PER_USER,
  streamsToEnd,
} from '../../../src/domain/notification-stream-decisions';

const streams = (...ids: number[]) => ids.map((id) => ({ id }));

describe('streamsToEnd (a user holds at most 5 streams)', () => {
  it('ends nothing while a person holds five or fewer', () => {
    expect(MAX_STREAMS_PER_USER).toBe(5);
    expect(streamsToEnd([])).toEqual([]);
    expect(streamsToEnd(streams(1, 2, 3, 4, 5))).toEqual([]);
  });

  it('ends the oldest when a sixth opens, whatever order they are listed in', () => {
    expect(streamsToEnd(streams(9, 3, 7, 4, 12, 5))).toEqual(streams(3));
  });

  it('ends every stream beyond the newest five (a dead instance left some behind)', () => {
    expect(streamsToEnd(streams(1, 2, 3, 4, 5, 6, 7, 8))).toEqual(streams(1, 2, 3));
  });

  it('keeps the facts it was given', () => {
    const open = [
      { id: 2, instance: 'b' },
      { id: 1, instance: 'a' },
    ];
    expect(streamsToEnd(open, 1)).toEqual([{ id: 1, instance: 'a' }]);
  });
});
