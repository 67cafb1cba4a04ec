import { describe, expect, it } from 'vitest';
import {
  decodableHeader,
  decodeCostMb,
  MEDIA_LIGHT_DECODE_MB,
  nextDecode,
  type DecodeHeader,
} from '../../../src/domain/media-decisions';

/**
 * Whose upload is decoded next (api-contract.md "Photos": no upload holds up another person's for
 * more than 2 seconds), and which headers may be decoded at all (no upload raises the server's
 * memory by more than 256 MB). The server's decode slots ask nextDecode; tests/server/
 * media-upload-fairness.test.ts shows both through the API.
 */

const A = 1;
const B = 2;
const C = 3;
const heavy = (account: number) => ({ account, light: false });
const light = (account: number) => ({ account, light: true });
const none = new Map<number, number>();

describe('the next decode', () => {
  it('takes a free slot in the order uploads came when one account is alone', () => {
    expect(nextDecode([heavy(A), heavy(A)], [], 1, none)).toEqual({ index: 0, lane: 'slot' });
    expect(nextDecode([], [], 1, none)).toBeUndefined();
  });

  it('gives the free slot to an account with nothing decoding before another burst of uploads', () => {
    const waiting = [heavy(A), heavy(A), heavy(A), heavy(B)];
    const running = [{ account: A, lane: 'slot' as const }];
    expect(nextDecode(waiting, running, 2, new Map([[A, 1]]))).toEqual({ index: 3, lane: 'slot' });
  });

  it('takes turns between busy accounts: the one that started longest ago goes first', () => {
    const waiting = [heavy(A), heavy(B), heavy(A), heavy(B)];
    const running = [
      { account: A, lane: 'slot' as const },
      { account: B, lane: 'slot' as const },
    ];
    const started = new Map([
      [A, 5],
      [B, 4],
    ]);
    expect(nextDecode(waiting, running, 3, started)).toEqual({ index: 1, lane: 'slot' });
    expect(nextDecode(waiting, running.slice(0, 1), 1, started)).toBeUndefined();
  });

  it('lets one light upload of an account with nothing decoding run beside full slots', () => {
    const running = [{ account: A, lane: 'slot' as const }];
    expect(nextDecode([heavy(A), light(A), light(B)], running, 1, none)).toEqual({
      index: 2,
      lane: 'light',
    });
    // Not a heavy one, not a second light one, and not the slot holder's.
    expect(nextDecode([heavy(B)], running, 1, none)).toBeUndefined();
    expect(nextDecode([light(A)], running, 1, none)).toBeUndefined();
    const lightBusy = [...running, { account: B, lane: 'light' as const }];
    expect(nextDecode([light(C)], lightBusy, 1, none)).toBeUndefined();
  });
});

describe('a header that may be decoded', () => {
  const header = (over: Partial<DecodeHeader>): DecodeHeader => ({
    format: 'png',
    width: 16_384,
    height: 2_441,
    channels: 4,
    bytesPerSample: 1,
    progressive: false,
    ...over,
  });

  it('takes 40 megapixels read row by row or shrunk while read, and a phone photo as light', () => {
    expect(decodableHeader(header({}))).toBe(true);
    expect(decodableHeader(header({ format: 'jpeg', channels: 3 }))).toBe(true);
    expect(decodableHeader(header({ format: 'webp', width: 16_383, channels: 3 }))).toBe(true);
    const phone = header({ format: 'jpeg', width: 4000, height: 3000, channels: 3 });
    expect(decodeCostMb(phone)).toBeLessThanOrEqual(MEDIA_LIGHT_DECODE_MB);
    expect(decodeCostMb(header({}))).toBeGreaterThan(MEDIA_LIGHT_DECODE_MB);
  });

  it('refuses 40 megapixels that a decoder holds whole or at 16 bits: interlaced, progressive, GIF, AVIF', () => {
    expect(decodableHeader(header({ progressive: true }))).toBe(false);
    expect(decodableHeader(header({ bytesPerSample: 2 }))).toBe(false);
    expect(decodableHeader(header({ format: 'avif', channels: 3 }))).toBe(false);
    expect(decodableHeader(header({ format: 'gif' }))).toBe(false);
    const jpeg = header({ format: 'jpeg', channels: 3 });
    expect(decodableHeader({ ...jpeg, progressive: true })).toBe(false);
    // Smaller, the same kinds pass.
    const twelve = { width: 4000, height: 3000, channels: 3 };
    expect(decodableHeader({ ...jpeg, ...twelve, progressive: true })).toBe(true);
    expect(decodableHeader(header({ ...twelve, format: 'gif', channels: 4 }))).toBe(true);
    expect(decodableHeader(header({ width: 3000, height: 2000, format: 'avif' }))).toBe(true);
    expect(decodableHeader(header({ width: 4096, height: 9765, bytesPerSample: 2 }))).toBe(true);
    expect(decodableHeader(header({ width: 4000, height: 3000, format: 'avif' }))).toBe(false);
  });

  it('refuses a side over 16,384 px whatever its cost', () => {
    expect(decodableHeader(header({ width: 39_000_000, height: 1 }))).toBe(false);
  });
});
