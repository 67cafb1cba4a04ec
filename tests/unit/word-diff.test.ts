import { describe, expect, test } from 'vitest';
import { diffWords, type DiffPart } from '../../src/lib/word-diff';

/** Both texts rebuilt from the parts: what was before, and what came after. */
function sides(parts: DiffPart[]): [string, string] {
  const before = parts.filter((p) => p.kind !== 'added').map((p) => p.text);
  const after = parts.filter((p) => p.kind !== 'removed').map((p) => p.text);
  return [before.join(''), after.join('')];
}

describe('diffWords', () => {
  test('the same text is one unchanged part; two empty texts are none', () => {
    expect(diffWords('A quiet day', 'A quiet day')).toEqual([
      { kind: 'same', text: 'A quiet day' },
    ]);
    expect(diffWords('', '')).toEqual([]);
  });

  test('a changed word is taken out and put in, the rest stays', () => {
    expect(diffWords('A quiet day at sea', 'A stormy day at sea')).toEqual([
      { kind: 'same', text: 'A ' },
      { kind: 'removed', text: 'quiet' },
      { kind: 'added', text: 'stormy' },
      { kind: 'same', text: ' day at sea' },
    ]);
  });

  test('words added at the end, removed in the middle, from and to nothing', () => {
    expect(diffWords('One', 'One two')).toEqual([
      { kind: 'same', text: 'One' },
      { kind: 'added', text: ' two' },
    ]);
    expect(diffWords('one two three', 'one three')).toEqual([
      { kind: 'same', text: 'one ' },
      { kind: 'removed', text: 'two ' },
      { kind: 'same', text: 'three' },
    ]);
    expect(diffWords('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
    expect(diffWords('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
  });

  test('a line break that changed shows as a change of whitespace', () => {
    expect(diffWords('first second', 'first\nsecond')).toEqual([
      { kind: 'same', text: 'first' },
      { kind: 'removed', text: ' ' },
      { kind: 'added', text: '\n' },
      { kind: 'same', text: 'second' },
    ]);
  });

  test('the parts always rebuild both texts, also past the size where the middle is not compared', () => {
    const a = 'the cat sat on the mat and looked at the door';
    const b = 'a cat lay on the warm mat and looked away from the door';
    expect(sides(diffWords(a, b))).toEqual([a, b]);
    const long = (word: string) => Array.from({ length: 2500 }, (_, i) => `${word}${i}`).join(' ');
    const parts = diffWords(`start ${long('x')} end`, `start ${long('y')} end`);
    expect(sides(parts)).toEqual([`start ${long('x')} end`, `start ${long('y')} end`]);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
  });
});
