import { act, render, screen, within, type RenderResult } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { NoteText } from '../../../src/components/ui/note-text';

// The lazy renderer and its GFM part are transformed on the fly on first import; once up front.
beforeAll(async () => {
  await import('../../../src/components/ui/note-markdown');
  await import('../../../src/components/ui/note-markdown-gfm');
}, 60_000);

/** Renders a note and waits until `ready` finds what only the Markdown renderer produces. */
async function renderNote(content: string, ready: (container: HTMLElement) => Element | null) {
  // In an awaited act: once the page has been idle (an earlier file of this worker), the renderer
  // shows at once and suspends on its GFM part, and React resumes it only from an awaited act.
  let view!: RenderResult;
  await act(async () => {
    view = render(<NoteText content={content} />);
  });
  await vi.waitFor(() => expect(ready(view.container)).not.toBeNull(), { timeout: 10_000 });
  return view;
}

describe('GitHub-flavoured Markdown', () => {
  test('a table renders as a table with its header and cells', async () => {
    const { container } = await renderNote(
      '| Day | Mood |\n| --- | --- |\n| Monday | calm |\n| Tuesday | busy |',
      (c) => c.querySelector('table'),
    );
    const table = within(container).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Mood']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Monday', 'calm', 'Tuesday', 'busy']);
  });

  test('a task list shows disabled checkboxes, ticked as written', async () => {
    const { container } = await renderNote('- [x] water the plants\n- [ ] call Grandma', (c) =>
      c.querySelector('input'),
    );
    const boxes = within(container).getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box).toBeDisabled();
    expect(boxes[0]).toBeChecked();
    expect(boxes[1]).not.toBeChecked();
    expect(
      within(container)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.trim()),
    ).toEqual(['water the plants', 'call Grandma']);
  });

  test('~~strikethrough~~ is struck through', async () => {
    const { container } = await renderNote('Plans: ~~rest~~ work', (c) => c.querySelector('del'));
    expect(container.querySelector('del')).toHaveTextContent('rest');
    expect(container).not.toHaveTextContent('~~');
  });

  test('a bare URL becomes a safe link that opens in a new tab', async () => {
    await renderNote('Found it on https://example.com/recipes today', (c) => c.querySelector('a'));
    const link = screen.getByRole('link', { name: 'https://example.com/recipes' });
    expect(link).toHaveAttribute('href', 'https://example.com/recipes');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('headings keep a visible hierarchy without outranking the page', () => {
  test('each level has its own style, none is an h1-h6', async () => {
    const { container } = await renderNote('# Big\n\n## Middle\n\n### Small\n\nBody', (c) =>
      c.querySelector('strong'),
    );
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    const levels = ['Big', 'Middle', 'Small'].map(
      (text) => within(container).getByText(text).closest('p')?.className,
    );
    expect(new Set(levels).size).toBe(3);
  });
});

describe('right-to-left and mixed text', () => {
  test('a plain note is dir="auto"', () => {
    const { container } = render(<NoteText content="שלום, היום היה יום טוב." />);
    const paragraph = within(container).getByText('שלום, היום היה יום טוב.');
    expect(paragraph).toHaveAttribute('dir', 'auto');
  });

  test('every block of a Markdown note is dir="auto", so an Arabic paragraph aligns on its own', async () => {
    const content = [
      '**Today** was long.',
      'كان يوما طويلا ولكنه جميل.',
      '- first item',
      '- البند الثاني',
      '> a quote',
      '| a | b |\n| - | - |\n| 1 | ب |',
    ].join('\n\n');
    const { container } = await renderNote(content, (c) => c.querySelector('table'));
    expect(within(container).getByText('كان يوما طويلا ولكنه جميل.')).toHaveAttribute(
      'dir',
      'auto',
    );
    for (const block of container.querySelectorAll('p, li, ul, blockquote, td, th')) {
      expect(block).toHaveAttribute('dir', 'auto');
    }
  });
});
