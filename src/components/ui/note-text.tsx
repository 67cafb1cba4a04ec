import { Suspense, lazy, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { useAfterFirstLoad } from '../../lib/after-first-load';
import { looksLikeMarkdown } from '../../lib/looks-like-markdown';
import { useTextHighlight, type SplitForHighlight } from './text-highlight';
import { TextWithMentions } from './note-mentions';

/**
 * On a note's plain stand-in while its Markdown is not rendered yet: the saved last screen
 * (features/offline/last-screen.ts) waits until none is left, or it would show `**bold**`.
 */
export const MARKDOWN_PENDING_ATTRIBUTE = 'data-markdown-pending';

// The renderer is downloaded only when a note holds Markdown (see looks-like-markdown.ts), and
// not before the page has loaded (after-first-load.ts).
const NoteMarkdown = lazy(() => import('./note-markdown'));

/** About how many lines a note shows before it folds (also `.note-folded` in styles.css). */
const FOLD_LINES = 12;
/** Without layout (a test DOM), a note this long is assumed to pass the fold. */
const FOLD_CHARS = 900;

/**
 * A rumination's or a comment's text: Markdown when it holds any (loaded lazily, shown as plain
 * text meanwhile, so it is readable at once), plain text otherwise; a long note folds after about
 * twelve lines behind a "Show more" button.
 */
export function NoteText({ content, className }: { content: string; className?: string }) {
  const { t } = useLingui();
  const id = useId();
  const textRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const overflows = useOverflow(textRef, content, expanded);
  const rendererAllowed = useAfterFirstLoad();
  const highlight = useTextHighlight();
  const markdown = looksLikeMarkdown(content);
  const plain = <PlainNote content={content} highlight={highlight} markdownPending={markdown} />;

  return (
    <div className={className}>
      <div id={id} ref={textRef} className={expanded ? undefined : 'note-folded'}>
        {rendererAllowed && markdown ? (
          <Suspense fallback={plain}>
            <NoteMarkdown content={content} highlight={highlight} />
          </Suspense>
        ) : (
          plain
        )}
      </div>
      {overflows ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          className="mt-1 rounded-sm text-sm font-medium text-accent hover:underline focus-visible:underline"
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t`Show less` : t`Show more`}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The same look as the Markdown output, without the renderer. `dir="auto"`: a note in Arabic or
 * Hebrew reads right to left, whatever the page's direction. `markdownPending`: it stands in for
 * Markdown not rendered yet, and says so (MARKDOWN_PENDING_ATTRIBUTE) to whoever copies the page.
 */
function PlainNote({
  content,
  highlight,
  markdownPending,
}: {
  content: string;
  highlight: SplitForHighlight | null;
  markdownPending: boolean;
}) {
  const pending = markdownPending ? { [MARKDOWN_PENDING_ATTRIBUTE]: '' } : {};
  return (
    <div className="prose-note" dir="auto" {...pending}>
      <p dir="auto">
        {highlight ? (
          <Highlighted parts={highlight(content)} />
        ) : (
          <TextWithMentions text={content} />
        )}
      </p>
    </div>
  );
}

/** Matched words in <mark> (search results). */
export function Highlighted({ parts }: { parts: ReturnType<SplitForHighlight> }) {
  return parts.map((part, index) =>
    part.isMatch ? <mark key={index}>{part.text}</mark> : part.text,
  );
}

/**
 * Whether the folded text is cut off. In a browser the folded container is measured (a
 * ResizeObserver reports its first size at once and again when the width, the font or the lazy
 * Markdown changes it): `scrollHeight > clientHeight + 1` decides, both ways. Where nothing is laid
 * out (a test DOM has no layout, a hidden element measures 0) a text heuristic
 * decides instead: more than twelve lines or about 900 characters. So `overflows` is the
 * measurement when there is one, else the heuristic. While expanded the container has no max
 * height and would measure as fitting: the measurement taken while folded stands.
 */
function useOverflow(
  ref: RefObject<HTMLDivElement | null>,
  content: string,
  expanded: boolean,
): boolean {
  const [measured, setMeasured] = useState<boolean | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (expanded || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const { scrollHeight, clientHeight } = element;
      setMeasured(
        scrollHeight === 0 && clientHeight === 0 ? null : scrollHeight > clientHeight + 1,
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, content, expanded]);

  return measured ?? isLongText(content);
}

function isLongText(content: string): boolean {
  return content.split('\n').length > FOLD_LINES || content.length > FOLD_CHARS;
}
