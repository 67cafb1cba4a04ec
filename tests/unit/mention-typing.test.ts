import { describe, expect, it } from 'vitest';
import { insertMention, mentionAtCaret } from '../../src/features/composer/mention-typing';

/** Which `@name` is typed at the caret, and the text once a person is chosen (the composer's @). */
describe('typing a mention', () => {
  it('is an @ at a word’s start, up to the caret', () => {
    expect(mentionAtCaret('hi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(mentionAtCaret('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAtCaret('mail me@an', 10)).toBeNull();
    expect(mentionAtCaret('hi @an and more', 15)).toBeNull();
  });

  it('puts the username in with a space, the caret after it', () => {
    const typed = mentionAtCaret('hi @an, bye', 6)!;
    expect(insertMention('hi @an, bye', typed, 6, 'ana_g')).toEqual({
      value: 'hi @ana_g , bye',
      caret: 10,
    });
    const atEnd = mentionAtCaret('hi @an', 6)!;
    expect(insertMention('hi @an', atEnd, 6, 'ana_g')).toEqual({ value: 'hi @ana_g ', caret: 10 });
  });
});
