import type { ComponentProps, ReactNode } from 'react';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import type { Components, ExtraProps } from 'react-markdown';
import type { Element, ElementContent, Root } from 'hast';
import type { SplitForHighlight } from './text-highlight';

/**
 * A note's text (a rumination's or a comment's) rendered from Markdown, written by any user and
 * read by others, so nothing in it may run or reach out:
 * - raw HTML is never rendered (react-markdown's default, no rehype-raw) and `skipHtml` drops it
 *   altogether, so `<script>` or `<img onerror>` do not even show as text;
 * - link targets keep only http, https, irc, ircs, mailto and xmpp (react-markdown's
 *   defaultUrlTransform; anything else such as javascript:, data: or vbscript: becomes empty, and
 *   a link left without a target is shown as its text);
 * - images are never loaded (no tracking pixels): an image shows its alt text;
 * - every link opens in a new tab, without an opener, a referrer or the author's ranking.
 * Headings become strong text, so a note never outranks the page's own headings.
 * Plain CommonMark: remark-gfm and remark-breaks are not dependencies. A single line break still
 * shows as one: the text keeps its newlines and `.prose-note p` is `white-space: pre-line`.
 * Default export, loaded lazily by NoteText only for notes that hold Markdown.
 */
export default function NoteMarkdown({
  content,
  highlight = null,
}: {
  content: string;
  highlight?: SplitForHighlight | null;
}) {
  return (
    <div className="prose-note">
      <Markdown
        skipHtml
        urlTransform={defaultUrlTransform}
        components={components}
        rehypePlugins={highlight ? [[rehypeHighlight, highlight]] : []}
      >
        {content}
      </Markdown>
    </div>
  );
}

function NoteLink({ href, title, children }: ComponentProps<'a'> & ExtraProps) {
  // The URL transform emptied an unsafe target: the words stay, the link goes.
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function NoteHeading({ children }: { children?: ReactNode }) {
  return (
    <p>
      <strong>{children}</strong>
    </p>
  );
}

function ImageAlt({ alt }: ComponentProps<'img'> & ExtraProps) {
  return alt ? <>{alt}</> : null;
}

const components: Components = {
  a: NoteLink,
  img: ImageAlt,
  h1: NoteHeading,
  h2: NoteHeading,
  h3: NoteHeading,
  h4: NoteHeading,
  h5: NoteHeading,
  h6: NoteHeading,
};

/**
 * Search results: every text node's matched words wrapped in <mark>, after Markdown has become
 * HTML, so that the words are found inside emphasis and links as they read, and never in the
 * Markdown's own syntax or in a link's target.
 */
function rehypeHighlight(split: SplitForHighlight) {
  const visit = (node: Root | Element): void => {
    node.children = node.children.flatMap((child): ElementContent[] => {
      if (child.type === 'element') {
        visit(child);
        return [child];
      }
      if (child.type !== 'text') return child.type === 'doctype' ? [] : [child];
      return split(child.value).map((part): ElementContent =>
        part.isMatch
          ? {
              type: 'element',
              tagName: 'mark',
              properties: {},
              children: [{ type: 'text', value: part.text }],
            }
          : { type: 'text', value: part.text },
      );
    });
  };
  return (tree: Root) => visit(tree);
}
