import { use, useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ComponentProps, ReactNode } from 'react';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import type { Components, ExtraProps, Options } from 'react-markdown';
import type { Element, ElementContent, Root } from 'hast';
import type { SplitForHighlight } from './text-highlight';
import { noteSegments } from '../../domain/note-references';
import { useRenderMention } from './note-mentions';

/**
 * A note's text (a rumination's or a comment's) rendered from Markdown, written by any user and
 * read by others, so nothing in it may run or reach out:
 * - raw HTML is never rendered (react-markdown's default, no rehype-raw) and `skipHtml` drops it
 *   altogether, so `<script>` or `<img onerror>` do not even show as text;
 * - link targets keep only http, https, irc, ircs, mailto and xmpp (react-markdown's
 *   defaultUrlTransform; anything else such as javascript:, data: or vbscript: becomes empty, and
 *   a link left without a target is shown as its text);
 * - images are never loaded (no tracking pixels): an image shows its alt text;
 * - every link opens in a new tab, without an opener, a referrer or the author's ranking (a
 *   footnote's link to its own note stays on the page).
 * Headings are styled paragraphs of strong text, one size per level (h1 > h2 > h3, all smaller than
 * the page's title), so a note never outranks the page's own headings in its outline.
 * GitHub-flavoured Markdown (remark-gfm: tables, strikethrough, task lists shown as disabled
 * checkboxes, bare URLs as links) is a chunk of its own, fetched only for a note that uses it
 * (`needsGfm`). remark-breaks is not a dependency: a single line break still shows as one because
 * the text keeps its newlines and `.prose-note p` is `white-space: pre-line`.
 * Every block is `dir="auto"`: an Arabic paragraph reads right to left inside an English note.
 * Default export, loaded lazily by NoteText only for notes that hold Markdown.
 */
export default function NoteMarkdown({
  content,
  highlight = null,
}: {
  content: string;
  highlight?: SplitForHighlight | null;
}) {
  // Footnote ids are prefixed per note, so that two notes on one page never share an id.
  const clobberPrefix = `${useId().replace(/[^\w-]/g, '')}-`;
  const gfm = needsGfm(content) ? use(loadGfm()) : NO_PLUGINS;
  return (
    <div className="prose-note" dir="auto">
      <Markdown
        skipHtml
        urlTransform={defaultUrlTransform}
        components={components}
        remarkPlugins={gfm}
        remarkRehypeOptions={{ clobberPrefix }}
        rehypePlugins={
          highlight
            ? [rehypeAutoDirection, rehypeMentions, [rehypeHighlight, highlight]]
            : [rehypeAutoDirection, rehypeMentions]
        }
      >
        {content}
      </Markdown>
    </div>
  );
}

type PluggableList = NonNullable<Options['remarkPlugins']>;

const NO_PLUGINS: PluggableList = [];

/**
 * Whether a note uses syntax only GitHub-flavoured Markdown gives a meaning to: a table's delimiter
 * row, `~~strikethrough~~` (or `~single~`), a task list item, a bare URL or `www.` address, a
 * footnote. It errs towards true: a false positive costs one small download, a false negative
 * shows the syntax as typed.
 */
function needsGfm(content: string): boolean {
  return GFM_PATTERNS.some((pattern) => pattern.test(content));
}

const GFM_PATTERNS: readonly RegExp[] = [
  /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$/m,
  /~[^\s~]/,
  /^ {0,3}([-*+]|\d{1,9}[.)])[ \t]+\[[ xX]\]/m,
  // Not a link's own target `](https://…)` or an autolink `<https://…>`: CommonMark has those.
  /(^|[^(<\w/])(https?:\/\/|www\.)\S/im,
  /\[\^[^\]\s]+\]/,
];

let gfmPlugins: Promise<PluggableList> | undefined;

/** One download for every note; `use()` suspends the note meanwhile (NoteText shows it plain). */
function loadGfm(): Promise<PluggableList> {
  gfmPlugins ??= import('./note-markdown-gfm').then((module) => [module.default]);
  return gfmPlugins;
}

function NoteLink({ href, title, children, ...rest }: ComponentProps<'a'> & ExtraProps) {
  const renderMention = useRenderMention();
  // An @mention (rehypeMentions): the shell's link to the person, or its words.
  const mention = (rest as Record<string, unknown>)['data-mention'];
  if (typeof mention === 'string') {
    return renderMention ? renderMention(mention, `@${mention}`) : <>{children}</>;
  }
  // The URL transform emptied an unsafe target: the words stay, the link goes.
  if (!href) return <span>{children}</span>;
  // A footnote and its reference point at each other within the note.
  if (href.startsWith('#')) return <a href={href}>{children}</a>;
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function noteHeading(level: number) {
  return function NoteHeading({ id, children }: { id?: string; children?: ReactNode }) {
    return (
      <p id={id} dir="auto" className={`note-heading note-heading-${Math.min(level, 4)}`}>
        <strong>{children}</strong>
      </p>
    );
  };
}

function ImageAlt({ alt }: ComponentProps<'img'> & ExtraProps) {
  return alt ? <>{alt}</> : null;
}

/**
 * A task list item's box: shown, never changed here (the note is edited in the composer). Its
 * name says its state, since the item's words are not a <label>.
 */
function TaskCheckbox({ type, checked }: ComponentProps<'input'> & ExtraProps) {
  const { t } = useLingui();
  if (type !== 'checkbox') return null;
  return (
    <input
      type="checkbox"
      checked={checked === true}
      disabled
      aria-label={checked === true ? t`Done` : t`Not done`}
      className="note-task-box"
    />
  );
}

/** A wide table scrolls sideways within the note (a phone's column is narrow), by keyboard too. */
function NoteTable({ children }: ComponentProps<'table'> & ExtraProps) {
  return (
    <div className="note-table-scroll" tabIndex={0}>
      <table dir="auto">{children}</table>
    </div>
  );
}

const components: Components = {
  a: NoteLink,
  img: ImageAlt,
  input: TaskCheckbox,
  table: NoteTable,
  h1: noteHeading(1),
  h2: noteHeading(2),
  h3: noteHeading(3),
  h4: noteHeading(4),
  h5: noteHeading(5),
  h6: noteHeading(6),
};

/** The blocks whose direction follows their own first strong letter. */
const AUTO_DIRECTION_TAGS = new Set([
  'p',
  'li',
  'ul',
  'ol',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'th',
  'td',
  'section',
]);

/** `dir="auto"` on every block, so that each paragraph, item and cell aligns by its own script. */
function rehypeAutoDirection() {
  const visit = (node: Root | Element): void => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (AUTO_DIRECTION_TAGS.has(child.tagName)) child.properties.dir = 'auto';
      visit(child);
    }
  };
  return (tree: Root) => visit(tree);
}

/** Elements whose text is never a mention: a link's words, code. */
const NO_MENTION_TAGS = new Set(['a', 'code', 'pre']);

/**
 * `@username` in the note's text (src/domain/note-references.ts) as an <a data-mention> that
 * NoteLink renders through the shell's link, after Markdown has become HTML, so that a link's
 * words or target and code are never read as a mention.
 */
function rehypeMentions() {
  const visit = (node: Root | Element): void => {
    node.children = node.children.flatMap((child): ElementContent[] => {
      if (child.type === 'element') {
        if (!NO_MENTION_TAGS.has(child.tagName)) visit(child);
        return [child];
      }
      if (child.type !== 'text' || !child.value.includes('@')) {
        return child.type === 'doctype' ? [] : [child];
      }
      return noteSegments(child.value).map((segment): ElementContent =>
        segment.kind === 'mention'
          ? {
              type: 'element',
              tagName: 'a',
              properties: { href: '#', dataMention: segment.username },
              children: [{ type: 'text', value: segment.text }],
            }
          : { type: 'text', value: segment.text },
      );
    });
  };
  return (tree: Root) => visit(tree);
}

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
