import { describe, expect, it } from 'vitest';
import { ruminationWriteRequest } from '../../../src/api/rumination-schemas';
import { commentContent } from '../../../src/api/content-rules';
import { NOT_STORABLE_MESSAGE } from '../../../src/api/text-rules';
import {
  chosenAudiencesOf,
  decideRuminationDelete,
  decideRuminationEdit,
  ruminationFieldsOf,
  RUMINATION_PROBLEMS,
} from '../../../src/domain/rumination-decisions';

/** The shared rules of ruminations, which the server and the mock backend both settle. */

const AUTHOR = 1;
const READER = 2;

const refusalOf = (decision: { ok: boolean; refusal?: unknown }) =>
  decision.ok ? undefined : decision.refusal;

describe('what a write stores', () => {
  it('keeps publish as isPublished and no audiences as public ([])', () => {
    expect(ruminationFieldsOf({ content: 'x', publish: true })).toEqual({
      content: 'x',
      isPublished: true,
      audiences: [],
    });
    expect(ruminationFieldsOf({ content: 'x', publish: false, audiences: null })).toEqual({
      content: 'x',
      isPublished: false,
      audiences: [],
    });
    expect(ruminationFieldsOf({ content: 'x', publish: true, audiences: [2, 3] })).toEqual({
      content: 'x',
      isPublished: true,
      audiences: [2, 3],
    });
  });

  it('passes fields it does not know through, as the contract sent them', () => {
    expect(ruminationFieldsOf({ content: 'x', publish: true, mood: 'calm' })).toEqual({
      content: 'x',
      mood: 'calm',
      isPublished: true,
      audiences: [],
    });
  });

  it('never stores NUL or an unpaired surrogate: the contract refuses them on its field', () => {
    for (const content of ['a\u0000b', 'a\ud800b']) {
      const rumination = ruminationWriteRequest.safeParse({ content, publish: true });
      expect(rumination.success).toBe(false);
      expect(rumination.error?.issues.map((i) => [i.path, i.message])).toEqual([
        [['content'], NOT_STORABLE_MESSAGE],
      ]);
      expect(commentContent.safeParse(content).error?.issues[0]?.message).toBe(
        NOT_STORABLE_MESSAGE,
      );
    }
  });
});

describe('changing a rumination', () => {
  const mine = { id: 7, authorId: AUTHOR, version: 3 };
  const input = { content: 'new', publish: true, audiences: [1] as const };

  it('is 404 when the caller cannot see it, before anything else', () => {
    expect(refusalOf(decideRuminationEdit(undefined, AUTHOR, input))).toBe(
      RUMINATION_PROBLEMS.notFound,
    );
    expect(refusalOf(decideRuminationDelete(undefined, AUTHOR))).toBe(RUMINATION_PROBLEMS.notFound);
  });

  it('is 403 when they see it but did not write it', () => {
    expect(refusalOf(decideRuminationEdit(mine, READER, input))).toBe(
      RUMINATION_PROBLEMS.notAuthor,
    );
    expect(refusalOf(decideRuminationDelete(mine, READER))).toBe(RUMINATION_PROBLEMS.notAuthor);
    expect(RUMINATION_PROBLEMS.notAuthor).toEqual({
      status: 403,
      title: 'Only the author may change this rumination',
    });
  });

  it("lets the author edit, with the input's stored fields, and delete", () => {
    expect(decideRuminationEdit(mine, AUTHOR, input)).toEqual({
      ok: true,
      value: {
        rumination: mine,
        fields: { content: 'new', isPublished: true, audiences: [1] },
        version: 4,
      },
    });
    expect(decideRuminationDelete(mine, AUTHOR)).toEqual({ ok: true, value: mine });
  });
});

describe('who the writer chose, when a note opens again to be edited', () => {
  it('a published note with no audience is Public; a draft with none has nobody chosen yet', () => {
    expect(chosenAudiencesOf({ isPublished: true, audiences: [] })).toEqual([]);
    expect(chosenAudiencesOf({ isPublished: false, audiences: [] })).toBeNull();
  });

  it('audiences ticked are kept, draft or published', () => {
    expect(chosenAudiencesOf({ isPublished: false, audiences: [1, 3] })).toEqual([1, 3]);
    expect(chosenAudiencesOf({ isPublished: true, audiences: [2] })).toEqual([2]);
  });
});
