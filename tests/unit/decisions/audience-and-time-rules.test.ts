import { describe, expect, it } from 'vitest';
import { audienceWords } from '../../../src/domain/audience-words';
import {
  defaultPreferences,
  mergePreferences,
  preferencesOnWire,
} from '../../../src/domain/preferences';
import { updatePreferencesRequest } from '../../../src/api/preferences-schemas';
import { createRuminationRequest } from '../../../src/api/rumination-schemas';
import { decideWrittenTime, WRITTEN_TIME_OUT_OF_RANGE } from '../../../src/domain/written-time';

/** Who reads a note, in words; the preferences a composer starts from; when a note was written. */

describe('who reads a note, in words', () => {
  it('says a published note with no audience is public, and what that means', () => {
    expect(audienceWords({ isPublished: true, audiences: [] })).toEqual({
      kind: 'public',
      short: 'Public',
      long: 'Public: anyone, even without an account',
    });
  });

  it('says a draft is only for its author, whatever its audiences', () => {
    expect(audienceWords({ isPublished: false, audiences: [2] }).short).toBe('Only you');
  });

  it('names the people, plural where one has several, closest first', () => {
    expect(audienceWords({ isPublished: true, audiences: [1, 2] }).short).toBe(
      'Friends and Family',
    );
    expect(audienceWords({ isPublished: true, audiences: [5] }).short).toBe('Therapist');
    expect(audienceWords({ isPublished: true, audiences: [0, 3, 4] }).long).toBe(
      'Partner, Best Friends and Acquaintances',
    );
  });
});

describe('preferences', () => {
  it('start asking each time (null, never Public), with no digest and every push kind on', () => {
    expect(preferencesOnWire(defaultPreferences())).toEqual({
      defaultAudiences: null,
      emailDigest: 'off',
      push: {
        RelationRequested: true,
        RelationAccepted: true,
        CommentOnMyRumination: true,
        ReplyToMyComment: true,
        ReactionOnMyRumination: true,
        MentionedMe: true,
      },
      timeZone: 'UTC',
      reminder: { time: null, days: [0, 1, 2, 3, 4, 5, 6] },
      language: null,
    });
  });

  it('change only what a PUT sends; audiences by name or number, deduplicated, in type order', () => {
    const change = updatePreferencesRequest.parse({
      defaultAudiences: ['Friend', 1, 'Family'],
      push: { ReplyToMyComment: false },
    });
    const merged = mergePreferences(defaultPreferences(), change);
    expect(preferencesOnWire(merged)).toMatchObject({
      defaultAudiences: ['Family', 'Friend'],
      emailDigest: 'off',
      push: { ReplyToMyComment: false, CommentOnMyRumination: true },
    });
    expect(mergePreferences(merged, { emailDigest: 'weekly' }).defaultAudiences).toEqual([1, 2]);
  });

  it('keep a chosen Public ([]) apart from asking each time (null), and go back to asking', () => {
    const publicChosen = mergePreferences(
      defaultPreferences(),
      updatePreferencesRequest.parse({ defaultAudiences: [] }),
    );
    expect(publicChosen.defaultAudiences).toEqual([]);
    expect(mergePreferences(publicChosen, { emailDigest: 'daily' }).defaultAudiences).toEqual([]);
    const asking = mergePreferences(
      publicChosen,
      updatePreferencesRequest.parse({ defaultAudiences: null }),
    );
    expect(asking.defaultAudiences).toBeNull();
    expect(preferencesOnWire(asking).defaultAudiences).toBeNull();
    expect(mergePreferences(asking, { push: { RelationAccepted: false } }).defaultAudiences).toBe(
      null,
    );
  });

  it('refuse a digest the contract does not name', () => {
    expect(updatePreferencesRequest.safeParse({ emailDigest: 'hourly' }).success).toBe(false);
  });
});

describe('the time a note was written', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');

  it('is now when not given', () => {
    expect(decideWrittenTime(undefined, now)).toEqual({ ok: true, value: now.toISOString() });
  });

  it('is kept from 30 days back to 5 minutes ahead, in UTC', () => {
    expect(decideWrittenTime('2026-11-23T09:30:00+02:00', now)).toEqual({
      ok: true,
      value: '2026-11-23T07:30:00.000Z',
    });
    expect(decideWrittenTime('2026-10-26T12:00:00Z', now).ok).toBe(true);
    expect(decideWrittenTime('2026-11-25T12:04:00Z', now).ok).toBe(true);
  });

  it('is refused on its field beyond that', () => {
    const refused = {
      ok: false,
      refusal: {
        status: 400,
        title: WRITTEN_TIME_OUT_OF_RANGE,
        errors: { writtenTMS: [WRITTEN_TIME_OUT_OF_RANGE] },
      },
    };
    expect(decideWrittenTime('2026-10-26T11:59:00Z', now)).toEqual(refused);
    expect(decideWrittenTime('2026-11-25T12:06:00Z', now)).toEqual(refused);
  });

  it('must be an ISO 8601 date and time with its offset', () => {
    const base = { content: 'Hi', publish: true };
    expect(createRuminationRequest.safeParse({ ...base, writtenTMS: 'yesterday' }).success).toBe(
      false,
    );
    expect(
      createRuminationRequest.safeParse({ ...base, writtenTMS: '2026-11-25T10:00:00Z' }).success,
    ).toBe(true);
  });
});
