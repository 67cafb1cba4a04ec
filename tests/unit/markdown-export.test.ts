import { describe, expect, it } from 'vitest';
import { ERASED_ACCOUNT_NAME } from '../../src/domain/erased-account';
import {
  commentMarkdown,
  commentOnMineMarkdown,
  commentsMarkdown,
  repliesOutsideExport,
  type MarkdownComment,
} from '../../src/domain/markdown-export';

/**
 * comments.md (src/domain/markdown-export.ts): my comments, then the comments other people left on
 * my ruminations, each naming its author, and no "In reply to" that points at a comment the file
 * does not hold without saying so.
 */

const ME = 1;
const JOSE = { username: 'jnunez', displayName: 'José Núñez 🌻' };
const at = '2026-03-04T05:06:07.000Z';

function comment(fields: Partial<MarkdownComment> = {}): MarkdownComment {
  return {
    id: 812,
    content: 'Lovely',
    createTMS: at,
    updateTMS: at,
    isDeleted: false,
    ruminationId: 5,
    parentCommentId: null,
    ...fields,
  };
}

describe('repliesOutsideExport', () => {
  it('is true only for a reply to someone else’s comment on someone else’s rumination', () => {
    const facts = (ruminationAuthorId: number, parentAuthorId: number | null) => ({
      parentCommentId: parentAuthorId === null ? null : 7,
      ruminationAuthorId,
      parentAuthorId,
    });
    expect(repliesOutsideExport(ME, facts(2, null))).toBe(false);
    expect(repliesOutsideExport(ME, facts(2, 2))).toBe(true);
    expect(repliesOutsideExport(ME, facts(2, ME))).toBe(false);
    expect(repliesOutsideExport(ME, facts(ME, 2))).toBe(false);
    expect(repliesOutsideExport(ME, facts(ME, ME))).toBe(false);
  });
});

describe('comments.md sections', () => {
  it('says when the comment an own comment answers is not in the file', () => {
    expect(commentMarkdown(comment({ parentCommentId: 7 }))).toContain(
      '\n- In reply to: comment 7\n',
    );
    expect(commentMarkdown(comment({ parentCommentId: 7 }), true)).toContain(
      "\n- In reply to: comment 7 (not mine, on someone else's rumination: not in this file)\n",
    );
  });

  it('names the author of a comment on my rumination by display name and username', () => {
    expect(commentOnMineMarkdown({ ...comment(), createdBy: JOSE })).toBe(
      [
        '',
        '## Comment 812',
        '',
        '- By: José Núñez 🌻 (@jnunez)',
        '- Rumination: 5',
        `- Written: ${at}`,
        '- In reply to: none',
        '',
        '> Lovely',
        '',
      ].join('\n'),
    );
  });

  it('names an erased account once, with no username to show', () => {
    const erased = { username: ERASED_ACCOUNT_NAME, displayName: ERASED_ACCOUNT_NAME };
    const text = commentOnMineMarkdown({
      ...comment({ isDeleted: true, content: '' }),
      createdBy: erased,
    });
    expect(text).toContain('## Comment 812 (deleted)\n');
    expect(text).toContain(`\n- By: ${ERASED_ACCOUNT_NAME}\n`);
    expect(text).toContain('*Deleted.*');
  });

  it('writes my comments, then the comments on my ruminations under their own heading', () => {
    const text = commentsMarkdown(
      [{ comment: comment({ id: 1, content: 'Mine' }), repliesOutside: false }],
      [{ ...comment({ id: 2, parentCommentId: 1 }), createdBy: JOSE }],
    );
    expect(text.startsWith('# My comments\n')).toBe(true);
    const [mine, onMine] = text.split('\n# Comments on my ruminations\n');
    expect(mine).toContain('\n## Comment 1\n');
    expect(onMine).toContain('\n## Comment 2\n');
    expect(onMine).toContain('- In reply to: comment 1\n');
  });
});
