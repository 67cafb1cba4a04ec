import { describe, expect, it } from 'vitest';
import { signupRequest } from '../../../src/api/auth-schemas';
import {
  DISPLAY_NAME_FAULT_MESSAGES,
  DISPLAY_NAME_REQUIRED,
  displayName,
  updateProfileRequest,
} from '../../../src/api/profile-rules';
import { displayNameFault, nameOutsideApp } from '../../../src/domain/display-name-rules';

/**
 * A name that cannot pass for another or show nothing (contract: "Names people recognise"): the
 * rule (src/domain/display-name-rules.ts) and the display-name schema that asks it, which sign-up
 * and Settings → Profile share in the server, the mock backend and the form.
 */

const REAL_NAMES = [
  'José',
  'مريم',
  'Grandma 🌻',
  '李小龙',
  '👩\u200D👩\u200D👧 Family',
  // Persian: a zero-width non-joiner between letters of one word (می‌خواهم-style names).
  'مهر\u200Cناز',
  'Ана Петрова',
  'O’Brien-Smith',
  '42',
  '❤️',
  '日本語 テスト',
  '김민준',
  'a\u200Bb',
];

describe('displayNameFault: names people can recognise', () => {
  it.each(REAL_NAMES)('takes the real name %j', (name) => {
    expect(displayNameFault(name)).toBeNull();
    expect(displayName.parse(name)).toBe(name.normalize('NFC'));
  });

  it.each([
    ['[deleted account]'],
    ['[Deleted Account]'],
    ['[DELETED ACCOUNT]'],
    ['[deleted account]\u200B'],
    ['\u200B[deleted\u2060 account]'],
    ['[ deleted  account ]'],
    ['[deletedaccount]'],
    ['[deleted\u3000account]'],
    // Full-width brackets and letters read the same.
    ['［ｄｅｌｅｔｅｄ ａｃｃｏｕｎｔ］'],
  ])('refuses %j: it reads as a deleted account', (name) => {
    expect(displayNameFault(name)).toBe('readsAsErased');
  });

  it('still takes names that only resemble it', () => {
    expect(displayNameFault('deleted account')).toBeNull();
    expect(displayNameFault('[deleted account] fan')).toBeNull();
    expect(displayNameFault('[account deleted]')).toBeNull();
  });

  it.each([
    ['zero-width space', '\u200B'],
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['Hangul filler', '\u3164'],
    ['braille blank', '\u2800\u2800'],
    ['byte order mark inside', '\u200B\uFEFF\u200B'],
    ['Hangul choseong and jungseong fillers', '\u115F\u1160'],
    ['halfwidth Hangul filler', '\uFFA0'],
    ['variation selectors', '\uFE0F\u{E0100}'],
    ['a combining mark alone', '\u0301'],
    ['combining marks on an invisible base', '\u200B\u0301\u0308'],
    ['word joiner and soft hyphen', '\u2060\u00AD'],
    ['musical null notehead', '\u{1D159}'],
    ['a joiner between fillers', '\u3164\u200D\u3164'],
  ])('refuses a name of only invisible characters (%s)', (_, name) => {
    expect(displayNameFault(name)).toBe('showsNothing');
  });

  it.each([
    ['right-to-left override', 'Ana\u202Eg_ana'],
    ['left-to-right embedding', '\u202AAna'],
    ['pop directional formatting', 'Ana\u202C'],
    ['first strong isolate', '\u2068Ana\u2069'],
    ['left-to-right isolate', '\u2066Ana'],
    ['line separator', 'Ana\u2028Admin'],
    ['paragraph separator', 'Ana\u2029'],
    ['tag characters', 'Ana\u{E0041}\u{E0042}'],
    ['cancel tag', 'Ana\u{E007F}'],
  ])('refuses a %s', (_, name) => {
    expect(displayNameFault(name)).toBe('hiddenControls');
  });
});

describe('the display-name schema says why, on the field', () => {
  const messageOf = (name: string) =>
    displayName.safeParse(name).error?.issues.map((i) => i.message);

  it('one message per fault', () => {
    expect(messageOf('[deleted account]\u200B')).toEqual([
      DISPLAY_NAME_FAULT_MESSAGES.readsAsErased,
    ]);
    expect(messageOf('\u3164')).toEqual([DISPLAY_NAME_FAULT_MESSAGES.showsNothing]);
    expect(messageOf('\u2800')).toEqual([DISPLAY_NAME_FAULT_MESSAGES.showsNothing]);
    expect(messageOf('Ana\u202E')).toEqual([DISPLAY_NAME_FAULT_MESSAGES.hiddenControls]);
    // Inside the name: at its ends a separator is trimmed like any other space.
    expect(messageOf('Ana\u2028Admin')).toEqual([DISPLAY_NAME_FAULT_MESSAGES.hiddenControls]);
    expect(displayName.parse('Ana\u2028')).toBe('Ana');
    expect(DISPLAY_NAME_FAULT_MESSAGES.readsAsErased).toBe(
      'Display name cannot be "[deleted account]"',
    );
  });

  it('a blank name is only "required"', () => {
    expect(messageOf('   ')).toEqual([DISPLAY_NAME_REQUIRED]);
  });

  it('applies to sign-up and the profile alike', () => {
    const base = { username: 'ana_g', email: 'ana@example.com', password: 'a long passphrase' };
    expect(signupRequest.safeParse({ ...base, displayName: '\u200B' }).success).toBe(false);
    expect(signupRequest.safeParse({ ...base, displayName: '[Deleted Account]' }).success).toBe(
      false,
    );
    expect(updateProfileRequest.safeParse({ displayName: '\u2066x', bio: '' }).success).toBe(false);
    expect(updateProfileRequest.safeParse({ displayName: 'Ana', bio: '' }).success).toBe(true);
  });
});

describe('nameOutsideApp: a name where the app is not around it', () => {
  it('is followed by the username when the two differ', () => {
    expect(nameOutsideApp({ username: 'ana_g', displayName: 'Ana' })).toBe('Ana (@ana_g)');
    expect(nameOutsideApp({ username: 'ana', displayName: 'Ana' })).toBe('Ana (@ana)');
  });

  it('is the username alone when they are the same', () => {
    expect(nameOutsideApp({ username: 'ana_g', displayName: 'ana_g' })).toBe('ana_g');
  });
});
