import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { NoteText } from '../../../src/components/ui/note-text';
import { looksLikeMarkdown } from '../../../src/lib/looks-like-markdown';

// The first import of the lazy renderer is transformed on the fly; doing it once up front keeps
// each test's time about behaviour, not compilation.
beforeAll(async () => {
  await import('../../../src/components/ui/note-markdown');
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type PwnableWindow = Window & { __pwned?: unknown };

/** Renders a note holding Markdown and waits for the lazy renderer to replace the plain text. */
async function renderMarkdown(content: string, marker: string) {
  const view = render(<NoteText content={content} />);
  // The plain fallback shows the raw syntax; the marker is strong text only once rendered.
  await screen.findByText(marker, { selector: 'strong' });
  return view;
}

describe('looksLikeMarkdown', () => {
  test.each([
    '**bold**',
    'some *emphasis* here',
    'some _emphasis_ here',
    '~~struck~~',
    'run `npm test`',
    '[a link](https://example.com)',
    '<https://example.com>',
    'see https://example.com',
    '# Title',
    '> quoted',
    '- item',
    '* item',
    '+ item',
    '1. first',
    '```\ncode\n```',
    '| a | b |\n| --- | --- |\n| 1 | 2 |',
    'above\n\n---\n\nbelow',
    'Title\n===',
  ])('true for %j', (text) => {
    expect(looksLikeMarkdown(text)).toBe(true);
  });

  test.each([
    'Just a plain day.',
    'Walked the dog.\nThen tea, then bed.',
    'It cost 5 * 3 = 15 euros - not bad.',
    'my_variable_name stays as is',
    '#hashtag at the start',
    'I <3 my cat, and 2 > 1.',
    'Questions? Yes! (Some.) Dashes - and more.',
  ])('false for %j', (text) => {
    expect(looksLikeMarkdown(text)).toBe(false);
  });
});

describe('NoteText renders Markdown', () => {
  test('bold text becomes <strong>', async () => {
    const { container } = await renderMarkdown('A **bold** move', 'bold');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
  });

  test('a link opens in a new tab without opener, referrer or ranking', async () => {
    await renderMarkdown('**See** [a link](https://example.com)', 'See');
    const link = screen.getByRole('link', { name: 'a link' });
    expect(link).toHaveAttribute('href', 'https://example.com');
    expect(link).toHaveAttribute('target', '_blank');
    const rel = (link.getAttribute('rel') ?? '').split(/\s+/);
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer', 'nofollow']));
  });

  test('a list renders list items', async () => {
    const view = render(<NoteText content={'- tea\n- toast\n- jam'} />);
    const items = await view.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['tea', 'toast', 'jam']);
  });

  test('a heading does not outrank the page: strong text, no h1-h6', async () => {
    const { container } = await renderMarkdown('# Title\n\nBody', 'Title');
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(screen.queryAllByRole('heading')).toHaveLength(0);
    expect(within(container).getByText('Title').tagName).toBe('STRONG');
  });

  test('mailto: and xmpp: links are kept', async () => {
    await renderMarkdown(
      '**Write** [mail](mailto:me@example.com) or [chat](xmpp:me@example.com)',
      'Write',
    );
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute(
      'href',
      'mailto:me@example.com',
    );
    expect(screen.getByRole('link', { name: 'chat' })).toHaveAttribute(
      'href',
      'xmpp:me@example.com',
    );
  });
});

describe('NoteText renders plain text without the renderer', () => {
  test('plain text shows as is, with no Markdown elements', () => {
    const { container } = render(<NoteText content={'Just a plain day.\nThen tea.'} />);
    // Synchronously: no Suspense, nothing to wait for.
    expect(container.querySelector('p')).toHaveTextContent('Just a plain day. Then tea.');
    expect(container.querySelector('p')?.textContent).toBe('Just a plain day.\nThen tea.');
    expect(container.querySelector('strong, em, a, ul, ol, code')).toBeNull();
  });

  test('the renderer module is imported for a Markdown note only', async () => {
    vi.resetModules();
    const imported = vi.fn();
    vi.doMock('../../../src/components/ui/note-markdown', () => {
      imported();
      return { default: () => <p>rendered as markdown</p> };
    });
    try {
      const fresh = await import('../../../src/components/ui/note-text');
      render(<fresh.NoteText content="Just a plain day." />);
      expect(screen.getByText('Just a plain day.')).toBeInTheDocument();
      // Give a lazy import every chance to start.
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(imported).not.toHaveBeenCalled();

      // The control: a Markdown note does import it.
      render(<fresh.NoteText content="A **bold** day." />);
      await screen.findByText('rendered as markdown');
      expect(imported).toHaveBeenCalledTimes(1);
    } finally {
      vi.doUnmock('../../../src/components/ui/note-markdown');
      vi.resetModules();
    }
  });
});

describe('NoteText is safe against hostile notes', () => {
  const payloads = [
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x]( javascript:alert(1) )',
    '[x](java&#9;script:alert(1))',
    '<javascript:alert(1)>',
    '[x][evil]\n\n[evil]: javascript:alert(1)',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<img src=x onerror="window.__pwned=1">',
    '<script>window.__pwned=1</script>',
    '![x](javascript:alert(1))',
    '![x](https://tracker.example/pixel.gif)',
    '[x](vbscript:msgbox)',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<svg onload="window.__pwned=1"></svg>',
  ];
  const unsafeUrl = /^(javascript|data|vbscript):/i;

  function expectHarmless(container: HTMLElement) {
    expect((window as PwnableWindow).__pwned).toBeUndefined();
    expect(container.querySelector('script, img, iframe, svg, object, embed')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.toLowerCase()).not.toMatch(/^on/);
        if (attribute.name === 'href' || attribute.name === 'src') {
          // Browsers drop tabs and newlines inside URLs, so compare without any whitespace.
          expect(attribute.value.replace(/\s/g, '')).not.toMatch(unsafeUrl);
        }
      }
    }
  }

  test.each(payloads)('%j alone', async (payload) => {
    const { container } = render(<NoteText content={payload} />);
    if (looksLikeMarkdown(payload)) {
      // The plain fallback shows the payload as typed; wait until the renderer's output replaces it.
      await vi.waitFor(() => expect(container.textContent).not.toBe(payload));
    }
    expectHarmless(container);
  });

  test.each(payloads)('%j inside Markdown', async (payload) => {
    const { container } = await renderMarkdown(`**Note** ${payload}`, 'Note');
    expectHarmless(container);
    // Raw HTML is dropped, not shown as text.
    expect(container.textContent).not.toMatch(/<(script|img|iframe|svg|a)\b/i);
  });
});

describe('NoteText folds long notes', () => {
  const longNote = Array.from({ length: 40 }, (_, index) => `Line ${index + 1}`).join('\n');

  test('a 40-line note folds behind "Show more", which unfolds it', async () => {
    const user = userEvent.setup();
    render(<NoteText content={longNote} />);
    const button = screen.getByRole('button', { name: 'Show more' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const text = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(text).toHaveTextContent('Line 40');
    expect(text).toHaveClass('note-folded');

    await user.click(button);
    expect(button).toHaveTextContent('Show less');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(text).not.toHaveClass('note-folded');

    await user.click(button);
    expect(button).toHaveTextContent('Show more');
    expect(text).toHaveClass('note-folded');
  });

  test('a very long single paragraph folds too', () => {
    render(<NoteText content={'word '.repeat(300)} />);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  });

  test('a one-line note has no button', () => {
    render(<NoteText content="Just one line." />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('where there is layout, the measurement decides over the heuristic', () => {
    // A stand-in ResizeObserver that reports at once, and sizes that say "cut off" for one
    // element only: the short note measures as overflowing, the long one as fitting.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(): void {
          this.callback([], this as unknown as ResizeObserver);
        }
        unobserve(): void {}
        disconnect(): void {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.textContent?.startsWith('Short') ? 300 : 100;
    });

    const short = render(<NoteText content="Short, but in a very narrow column." />);
    expect(within(short.container).getByRole('button', { name: 'Show more' })).toBeVisible();

    const long = render(<NoteText content={longNote} />);
    expect(within(long.container).queryByRole('button')).toBeNull();
  });
});
