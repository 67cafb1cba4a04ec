import { describe, expect, it } from 'vitest';
import { mediaFileName, ruminationMarkdown } from '../../src/domain/markdown-export';

/** A note's photos in the Markdown export: files in media/, linked below the note's text. */

const note = {
  id: 7,
  content: 'At the sea',
  createTMS: '2026-11-20T10:00:00.000Z',
  updateTMS: '2026-11-20T10:00:00.000Z',
  isPublished: true,
  audiences: [],
};

describe('photos in the Markdown export', () => {
  it('names a photo media/<id>.webp (or .jpg)', () => {
    expect(mediaFileName(42)).toBe('media/42.webp');
    expect(mediaFileName(42, 'jpg')).toBe('media/42.jpg');
  });

  it('links each photo in order, a paragraph each, after the text', () => {
    const text = ruminationMarkdown({
      ...note,
      media: [
        { id: 3, alt: 'The sea' },
        { id: 1, alt: '' },
      ],
    });
    expect(text.endsWith('At the sea\n\n![The sea](media/3.webp)\n\n![](media/1.webp)\n')).toBe(
      true,
    );
    expect(ruminationMarkdown({ ...note, media: [{ id: 3, alt: 'x' }] }, 'jpg')).toContain(
      '![x](media/3.jpg)',
    );
  });

  it('keeps an alt text on one line, unable to end the link or point it elsewhere', () => {
    const text = ruminationMarkdown({
      ...note,
      media: [{ id: 5, alt: ' a ](http://evil) [b\\\n\n# heading ' }],
    });
    expect(text).toContain('![a \\](http://evil) \\[b\\\\ # heading](media/5.webp)\n');
  });

  it('writes a note without photos as before', () => {
    expect(ruminationMarkdown({ ...note, media: [] })).toBe(ruminationMarkdown(note));
    expect(ruminationMarkdown(note).endsWith('---\n\nAt the sea\n')).toBe(true);
  });
});
