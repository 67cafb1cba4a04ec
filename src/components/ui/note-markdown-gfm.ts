import remarkGfm from 'remark-gfm';

/**
 * GitHub-flavoured Markdown (tables, strikethrough, task lists, bare URLs as links, footnotes), a
 * chunk of its own: NoteMarkdown imports it only for a note whose text uses that syntax
 * (`needsGfm`), so that plain CommonMark notes never download it.
 */
export default remarkGfm;
