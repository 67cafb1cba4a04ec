import { describe, expect, it } from 'vitest';
import {
  decideDigest,
  DIGEST_PERIOD_MS,
  digestSubject,
  type DigestFacts,
} from '../../src/domain/email-digest';

/** When an email digest goes out (src/domain/email-digest.ts): at most one per period, never empty. */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-26T08:00:00.000Z');
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();

function facts(overrides: Partial<DigestFacts>): DigestFacts {
  return { setting: 'daily', lastSentTMS: null, unreadSinceLast: 1, now: NOW, ...overrides };
}

describe('decideDigest', () => {
  it('never sends when the person turned digests off, however much is unread', () => {
    expect(decideDigest(facts({ setting: 'off', unreadSinceLast: 50 }))).toBe('wait');
    expect(decideDigest(facts({ setting: 'off', lastSentTMS: ago(30 * DAY) }))).toBe('wait');
  });

  it('never sends an empty digest, even long after the last one', () => {
    expect(decideDigest(facts({ unreadSinceLast: 0 }))).toBe('wait');
    expect(decideDigest(facts({ unreadSinceLast: 0, lastSentTMS: ago(30 * DAY) }))).toBe('wait');
    expect(decideDigest(facts({ setting: 'weekly', unreadSinceLast: 0 }))).toBe('wait');
  });

  it('sends the first digest at once when something is unread', () => {
    expect(decideDigest(facts({ setting: 'daily' }))).toBe('send');
    expect(decideDigest(facts({ setting: 'weekly' }))).toBe('send');
  });

  it('daily: waits until a day has passed since the last, then sends', () => {
    expect(decideDigest(facts({ lastSentTMS: ago(1 * HOUR) }))).toBe('wait');
    expect(decideDigest(facts({ lastSentTMS: ago(DAY - 1) }))).toBe('wait');
    expect(decideDigest(facts({ lastSentTMS: ago(DAY) }))).toBe('send');
    expect(decideDigest(facts({ lastSentTMS: ago(3 * DAY) }))).toBe('send');
  });

  it('weekly: a day is not enough; seven are', () => {
    const weekly = (lastSentTMS: string) => decideDigest(facts({ setting: 'weekly', lastSentTMS }));
    expect(weekly(ago(DAY))).toBe('wait');
    expect(weekly(ago(7 * DAY - 1))).toBe('wait');
    expect(weekly(ago(7 * DAY))).toBe('send');
    expect(weekly(ago(10 * DAY))).toBe('send');
  });

  it('waits when the last digest is stamped after now (another clock ahead): never two at once', () => {
    expect(decideDigest(facts({ lastSentTMS: ago(-HOUR) }))).toBe('wait');
  });

  it('has a period of one day for daily and seven for weekly', () => {
    expect(DIGEST_PERIOD_MS).toEqual({ daily: DAY, weekly: 7 * DAY });
  });
});

describe('digestSubject: how many, never what', () => {
  it('says one notification in the singular', () => {
    expect(digestSubject(1)).toBe('Ruminations: 1 new notification');
  });

  it('says several in the plural', () => {
    expect(digestSubject(2)).toBe('Ruminations: 2 new notifications');
    expect(digestSubject(37)).toBe('Ruminations: 37 new notifications');
  });
});
