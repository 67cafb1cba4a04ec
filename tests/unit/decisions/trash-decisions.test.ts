import { describe, expect, it } from 'vitest';
import {
  decidePermanentDelete,
  decideRevisionRestore,
  decideRevisionsRead,
  decideRuminationDelete,
  decideRuminationEdit,
  decideTrashRestore,
  isPastRetention,
  RUMINATION_PROBLEMS,
  trashCutoff,
  trashErasureTime,
} from '../../../src/domain/rumination-decisions';
import { PRECONDITION_PROBLEMS } from '../../../src/api/preconditions';

/** Versions, history and trash: the rules the server and the mock backend both settle. */

const AUTHOR = 1;
const READER = 2;
const DAY = 86_400;
const refusalOf = (decision: { ok: boolean; refusal?: unknown }) =>
  decision.ok ? undefined : decision.refusal;

describe('a change on a version', () => {
  const mine = { id: 7, authorId: AUTHOR, version: 3 };
  const input = { content: 'new', publish: false };

  it('is refused with 412 when If-Match names an older version, after who may', () => {
    expect(refusalOf(decideRuminationEdit(mine, AUTHOR, input, 2))).toBe(
      PRECONDITION_PROBLEMS.changedElsewhere,
    );
    expect(refusalOf(decideRuminationDelete(mine, AUTHOR, 2))).toBe(
      PRECONDITION_PROBLEMS.changedElsewhere,
    );
    // Someone else learns nothing of versions: 403 (or 404) first.
    expect(refusalOf(decideRuminationEdit(mine, READER, input, 2))).toBe(
      RUMINATION_PROBLEMS.notAuthor,
    );
    expect(refusalOf(decideRuminationEdit(undefined, AUTHOR, input, 2))).toBe(
      RUMINATION_PROBLEMS.notFound,
    );
  });

  it('gives the next version on the current one', () => {
    const edit = decideRuminationEdit(mine, AUTHOR, input, 3);
    expect(edit.ok && edit.value.version).toBe(4);
  });
});

describe('history', () => {
  const mine = { id: 7, authorId: AUTHOR, version: 3 };
  const revision = { ruminationId: 7, content: 'old', isPublished: true, audiences: [2 as const] };

  it("is the author's alone: anyone else finds nothing", () => {
    expect(decideRevisionsRead(mine, AUTHOR).ok).toBe(true);
    expect(refusalOf(decideRevisionsRead(mine, READER))).toBe(RUMINATION_PROBLEMS.notFound);
    expect(refusalOf(decideRevisionRestore(mine, revision, READER))).toBe(
      RUMINATION_PROBLEMS.notFound,
    );
  });

  it('restores a revision of this rumination as its next version, on the current one', () => {
    expect(decideRevisionRestore(mine, revision, AUTHOR, 3)).toEqual({
      ok: true,
      value: {
        rumination: mine,
        fields: { content: 'old', isPublished: true, audiences: [2] },
        version: 4,
      },
    });
    expect(refusalOf(decideRevisionRestore(mine, revision, AUTHOR, 2))).toBe(
      PRECONDITION_PROBLEMS.changedElsewhere,
    );
    expect(refusalOf(decideRevisionRestore(mine, { ...revision, ruminationId: 8 }, AUTHOR))).toBe(
      RUMINATION_PROBLEMS.revisionNotFound,
    );
    expect(refusalOf(decideRevisionRestore(mine, undefined, AUTHOR))).toBe(
      RUMINATION_PROBLEMS.revisionNotFound,
    );
  });
});

describe('the trash', () => {
  const deletedTMS = '2026-01-01T00:00:00.000Z';
  const trashed = { authorId: AUTHOR, deletedTMS };
  const within = new Date('2026-01-30T00:00:00.000Z');
  const after = new Date('2026-01-31T00:00:00.000Z');

  it('keeps a note 30 days by default, then it is gone', () => {
    expect(trashErasureTime(deletedTMS, 30 * DAY).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(isPastRetention(deletedTMS, within, 30 * DAY)).toBe(false);
    expect(isPastRetention(deletedTMS, after, 30 * DAY)).toBe(true);
    expect(trashCutoff(after, 30 * DAY)).toBe(deletedTMS);
  });

  it('restores only its author’s note, within the retention', () => {
    expect(decideTrashRestore(trashed, AUTHOR, within, 30 * DAY)).toEqual({
      ok: true,
      value: trashed,
    });
    expect(refusalOf(decideTrashRestore(trashed, READER, within, 30 * DAY))).toBe(
      RUMINATION_PROBLEMS.notFound,
    );
    expect(refusalOf(decideTrashRestore(trashed, AUTHOR, after, 30 * DAY))).toBe(
      RUMINATION_PROBLEMS.notFound,
    );
    expect(refusalOf(decideTrashRestore(undefined, AUTHOR, within, 30 * DAY))).toBe(
      RUMINATION_PROBLEMS.notFound,
    );
  });

  it('deletes for good only what is in the trash: 409 for a live note of the author', () => {
    const live = { authorId: AUTHOR, version: 1 };
    const now = within;
    expect(decidePermanentDelete({ trashed, live: undefined }, AUTHOR, now, 30 * DAY).ok).toBe(
      true,
    );
    expect(
      refusalOf(decidePermanentDelete({ trashed: undefined, live }, AUTHOR, now, 30 * DAY)),
    ).toBe(RUMINATION_PROBLEMS.notInTrash);
    expect(RUMINATION_PROBLEMS.notInTrash.status).toBe(409);
    expect(
      refusalOf(decidePermanentDelete({ trashed: undefined, live }, READER, now, 30 * DAY)),
    ).toBe(RUMINATION_PROBLEMS.notAuthor);
    expect(
      refusalOf(
        decidePermanentDelete({ trashed: undefined, live: undefined }, AUTHOR, now, 30 * DAY),
      ),
    ).toBe(RUMINATION_PROBLEMS.notFound);
    expect(
      refusalOf(decidePermanentDelete({ trashed, live: undefined }, READER, now, 30 * DAY)),
    ).toBe(RUMINATION_PROBLEMS.notFound);
  });
});
