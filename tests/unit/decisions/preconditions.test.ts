import { describe, expect, it } from 'vitest';
import {
  decideVersion,
  etagOf,
  expectedVersionOf,
  ifMatchOf,
  PRECONDITION_PROBLEMS,
  settleOrConflict,
} from '../../../src/api/preconditions';
import { ApiProblem } from '../../../src/api/problem';
import { allow } from '../../../src/domain/decision';

/** If-Match and ETag as the server and the mock backend read and write them. */

describe('reading If-Match', () => {
  it('takes a quoted positive version, *, or nothing', () => {
    expect(expectedVersionOf(undefined)).toEqual({ ok: true, value: undefined });
    expect(expectedVersionOf(null)).toEqual({ ok: true, value: undefined });
    expect(expectedVersionOf('"3"')).toEqual({ ok: true, value: 3 });
    expect(expectedVersionOf(' "12" ')).toEqual({ ok: true, value: 12 });
    expect(expectedVersionOf('*')).toEqual({ ok: true, value: '*' });
  });

  it.each(['3', '"0"', '"-1"', '"1.5"', 'W/"3"', '"3", "4"', '""', '"abc"', '"01"', ''])(
    'answers 400 to %j',
    (header) => {
      expect(expectedVersionOf(header)).toEqual({
        ok: false,
        refusal: PRECONDITION_PROBLEMS.malformed,
      });
    },
  );

  it('writes the tag it reads back', () => {
    expect(etagOf(7)).toBe('"7"');
    expect(ifMatchOf(7)).toEqual({ 'If-Match': '"7"' });
    expect(expectedVersionOf(etagOf(7))).toEqual({ ok: true, value: 7 });
  });
});

describe('deciding on a version', () => {
  it('lets a change through on the current version, on *, or without a header', () => {
    expect(decideVersion(4, 4).ok).toBe(true);
    expect(decideVersion(4, '*').ok).toBe(true);
    expect(decideVersion(4, undefined).ok).toBe(true);
  });

  it('answers 412 "This was changed elsewhere" on another version', () => {
    expect(decideVersion(4, 3)).toEqual({
      ok: false,
      refusal: { status: 412, title: 'This was changed elsewhere' },
    });
  });

  it('throws the 412 with the object as it is now, loaded only then', async () => {
    let loads = 0;
    const load = () => {
      loads += 1;
      return { id: 1, version: 4 };
    };
    await expect(settleOrConflict(allow('change'), load)).resolves.toBe('change');
    expect(loads).toBe(0);
    const thrown = await settleOrConflict(decideVersion(4, 3), load).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiProblem);
    expect((thrown as ApiProblem).toProblem()).toMatchObject({
      status: 412,
      title: 'This was changed elsewhere',
      current: { id: 1, version: 4 },
    });
  });
});
