import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/api/compiled-messages';
import { sayIn } from '../../src/api/english-messages';
import { sayInEnglish } from '../../src/api/say';

const ARABIC_NOTES = compileMessage(
  '{count, plural, zero {لا ملاحظات} one {ملاحظة واحدة} two {ملاحظتان} few {# ملاحظات} many {# ملاحظة} other {# ملاحظة}}',
);

describe('compiled messages in a language', () => {
  it("chooses Arabic's six plural categories by CLDR and writes numbers as Arabic does", () => {
    const digits = (n: number) => n.toLocaleString('ar');
    const say = (count: number) => formatMessage(ARABIC_NOTES, { count }, 'ar');
    expect(say(0)).toBe('لا ملاحظات');
    expect(say(1)).toBe('ملاحظة واحدة');
    expect(say(2)).toBe('ملاحظتان');
    expect(say(3)).toBe(`${digits(3)} ملاحظات`);
    expect(say(11)).toBe(`${digits(11)} ملاحظة`);
    expect(say(100)).toBe(`${digits(100)} ملاحظة`);
  });

  it('writes Spanish numbers and plurals, an exact case before the category', () => {
    const message = compileMessage('{n, plural, =0 {ninguna} one {# nota} other {# notas}}');
    expect(formatMessage(message, { n: 0 }, 'es')).toBe('ninguna');
    expect(formatMessage(message, { n: 1 }, 'es')).toBe('1 nota');
    expect(formatMessage(message, { n: 12345 }, 'es')).toBe('12.345 notas');
  });

  it('fills placeholders and selects, and leaves a plain message as it is', () => {
    const message = compileMessage('{who} {kind, select, friend {es amiga} other {es alguien}}');
    expect(formatMessage(message, { who: 'Ana', kind: 'friend' }, 'es')).toBe('Ana es amiga');
    expect(formatMessage(message, { who: 'Ana', kind: 'x' }, 'es')).toBe('Ana es alguien');
    expect(formatMessage('Sign In', undefined, 'en')).toBe('Sign In');
  });
});

describe("the shared layer's English in a language", () => {
  const english = '{who} commented on your rumination';
  const catalogue = {
    [generateMessageId(english)]: compileMessage('{who} comentó tu reflexión'),
  };

  it('is looked up by the id Lingui gives the English', () => {
    expect(sayIn(catalogue, 'es')(english, { who: 'José' })).toBe('José comentó tu reflexión');
  });

  it('stays English, placeholders filled, where the catalogue has no entry', () => {
    expect(sayIn(catalogue, 'es')('{who} replied', { who: 'Ana' })).toBe('Ana replied');
    expect(sayInEnglish(english, { who: 'Ana' })).toBe('Ana commented on your rumination');
  });
});
