import { describe, expect, it } from 'vitest';
import { bio, displayName, updateProfileRequest } from '../../../src/api/profile-rules';
import { signupRequest } from '../../../src/api/auth-schemas';
import { foldForSearch, rankPeopleSearch } from '../../../src/domain/people-search';

/** Names people recognise (contract): what a display name may be, and how search finds it. */

describe('a display name', () => {
  it('takes any script and emoji, trimmed and NFC-normalised', () => {
    expect(displayName.parse('  José Núñez 🌻 ')).toBe('José Núñez 🌻');
    expect(displayName.parse('مريم')).toBe('مريم');
    // "e" + combining acute accent becomes the single precomposed character.
    expect(displayName.parse('Jose\u0301')).toBe('Jos\u00e9');
  });

  it('counts characters, not UTF-16 units: 50 emoji pass, 51 characters do not', () => {
    expect(displayName.safeParse('🌻'.repeat(50)).success).toBe(true);
    const long = displayName.safeParse('a'.repeat(51));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('Display name must be at most 50 characters');
  });

  it('refuses blank, control characters, NUL and unpaired surrogates', () => {
    expect(displayName.safeParse('   ').error?.issues[0]?.message).toBe('Display name is required');
    expect(displayName.safeParse('Ma\nya').success).toBe(false);
    expect(displayName.safeParse('Maya\u0007').success).toBe(false);
    expect(displayName.safeParse('Ma\u0000ya').success).toBe(false);
    expect(displayName.safeParse('Maya\ud800').success).toBe(false);
  });

  it('is optional at sign-up, and kept when given', () => {
    const base = { username: 'jose', email: 'jose@example.com', password: 'a long passphrase' };
    expect(signupRequest.parse(base).displayName).toBeUndefined();
    expect(signupRequest.parse({ ...base, displayName: 'José' }).displayName).toBe('José');
    expect(signupRequest.safeParse({ ...base, displayName: '' }).success).toBe(false);
  });
});

describe('a bio', () => {
  it('may be empty, keeps its line breaks, and holds at most 300 characters', () => {
    expect(bio.parse('')).toBe('');
    expect(bio.parse('Line one\nLine two')).toBe('Line one\nLine two');
    expect(bio.safeParse('x'.repeat(301)).error?.issues[0]?.message).toBe(
      'Bio must be at most 300 characters',
    );
    expect(bio.safeParse('bell\u0007').success).toBe(false);
  });

  it('is sent with the display name to change a profile', () => {
    expect(updateProfileRequest.safeParse({ displayName: 'Maya' }).success).toBe(false);
    expect(updateProfileRequest.parse({ displayName: 'Maya', bio: ' Hi ' })).toEqual({
      displayName: 'Maya',
      bio: 'Hi',
    });
  });
});

describe('people search over usernames and display names', () => {
  const people = [
    { id: 1, username: 'gma_1957', displayName: 'Grandma 🌻' },
    { id: 2, username: 'jnunez', displayName: 'José Núñez 🌻' },
    { id: 3, username: 'joseph', displayName: 'joseph' },
    { id: 4, username: 'maryam', displayName: 'مريم' },
    { id: 5, username: 'jose', displayName: 'Pepe' },
  ];
  const ids = (q: string) => rankPeopleSearch(people, q, 20).map((p) => p.id);

  it('folds case and accents alike on both sides', () => {
    expect(foldForSearch('José NÚÑEZ')).toBe('jose nunez');
    expect(foldForSearch('ﬁne')).toBe('fine');
    expect(foldForSearch('Bob Ødegaard')).toBe('bob odegaard');
    expect(foldForSearch('Straße Łódź')).toBe('strasse lodz');
    expect(foldForSearch('مريم')).toBe('مريم');
  });

  it('finds a display name typed without its accents, and by its script', () => {
    expect(ids('nunez')).toEqual([2]);
    expect(ids('NÚÑ')).toEqual([2]);
    expect(ids('مري')).toEqual([4]);
    expect(ids('grandma')).toEqual([1]);
  });

  it('ranks by the better of the two names, then by lower-cased username', () => {
    // jose: exact username (5); jnunez "José Núñez" starts with it (1); joseph starts with it (1).
    expect(ids('jose')).toEqual([5, 2, 3]);
    // 🌻 is contained in two display names: same rank, so by username.
    expect(ids('🌻')).toEqual([1, 2]);
  });

  it('stops at the limit', () => {
    expect(rankPeopleSearch(people, 'jose', 1).map((p) => p.id)).toEqual([5]);
  });
});
