/**
 * Whether a note's text holds Markdown that would render differently from plain text.
 *
 * Why it exists: most notes are plain prose, and the Markdown renderer (react-markdown and its
 * parser, about 35 KB gzipped) is loaded lazily only for notes that need it. A plain note never
 * downloads it, so a first visit's JavaScript stays small. The test is cheap and errs towards
 * true: a false positive costs one lazy download, a false negative shows the syntax as typed.
 *
 * Raw HTML is deliberately not a trigger: the renderer drops it (skipHtml), while the plain path
 * shows `<b>` exactly as typed, which is both safe (React escapes text) and what the author wrote.
 */
const MARKDOWN_PATTERNS: readonly RegExp[] = [
  // Strong and strikethrough: `**x**`, `~~x~~`.
  /(\*\*|~~)\S/,
  // Emphasis `*x*` (not `5 * 3`: no space inside the markers).
  /\*[^\s*][^*\n]*\*/,
  // Emphasis `_x_`, not inside words (`snake_case_name` is no emphasis in CommonMark).
  /(^|[^\p{L}\p{N}_])_[^\s_][^_\n]*_(?![\p{L}\p{N}_])/mu,
  // Inline code and fenced code (``` or ~~~).
  /`/,
  /^ {0,3}~~~/m,
  // Links and images `[text](url)`, reference links `[text][ref]` and their definitions.
  /\[[^\]\n]*\]\([^)\n]*\)/,
  /\[[^\]\n]+\]\[[^\]\n]*\]/,
  /^ {0,3}\[[^\]\n]+\]:\s*\S/m,
  // Autolinks `<https://…>`, `<mailto:…>`, and bare URLs (GFM autolinks, should remark-gfm join).
  /<(https?|ircs?|mailto|xmpp):[^\s<>]*>/i,
  /\bhttps?:\/\/\S/i,
  // ATX headings `# Title` (`#hashtag` is no heading: the space is required) and setext `===`.
  /^ {0,3}#{1,6}([ \t]|$)/m,
  /^ {0,3}=+[ \t]*$/m,
  // Block quotes.
  /^ {0,3}>/m,
  // List items: `- `, `* `, `+ `, `1. `, `1) `.
  /^ {0,3}([-*+]|\d{1,9}[.)])[ \t]+\S/m,
  // Thematic breaks `---`, `***`, `___` (also setext `---` under a line).
  /^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/m,
  // A table's delimiter row `| --- | :-: |`.
  /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$/m,
  // Indented code: four spaces or a tab at the start of the text or after a blank line.
  /(^|\n[ \t]*\n)( {4}|\t)[ \t]*\S/,
  // Backslash escapes (`\*` shows as `*`) and character references (`&amp;` shows as `&`).
  /\\[!-/:-@[-`{-~]/,
  /&(#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i,
];

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_PATTERNS.some((pattern) => pattern.test(text));
}
