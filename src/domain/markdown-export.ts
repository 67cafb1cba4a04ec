import { ERASED_ACCOUNT_NAME } from './erased-account';
import { audienceNameOf, type RelationType } from './relation-types';

/**
 * The Markdown form of the account export (api-contract.md "My writing", `format=markdown`): one
 * file per rumination with YAML front matter, and comments.md. One set of pure functions, used by
 * the server (which streams them into a zip) and by the mock backend (which zips them at once), so
 * that both write the same bytes. No Node or browser API here.
 */

/** What a rumination file needs; the API's rumination shape has all of it. */
export interface MarkdownRumination {
  id: number;
  content: string;
  createTMS: string;
  updateTMS: string;
  isPublished: boolean;
  audiences: readonly { relationType: RelationType }[];
  /** Its photos, in order; each is a file of the zip (mediaFileName), linked below the text. */
  media?: readonly MarkdownMedia[];
  /** Its tags as the API gives them (src/domain/tags.ts); written into the front matter. */
  tags?: readonly string[];
}

/** A photo of a note as its file links it. */
export interface MarkdownMedia {
  id: number;
  alt: string;
}

/** The image formats a photo's file in the zip may have (api-contract.md "Photos"). */
export type MediaFileExtension = 'webp' | 'jpg';

/** What a comments.md section needs; the export's comment shape has all of it. */
export interface MarkdownComment {
  id: number;
  content: string;
  createTMS: string;
  updateTMS: string;
  isDeleted: boolean;
  ruminationId: number;
  parentCommentId: number | null;
}

/** A comment of the second part of comments.md, someone else's on my note: the export's shape has it. */
export interface MarkdownCommentOnMine extends MarkdownComment {
  createdBy: { username: string; displayName: string };
}

/** What a history file needs; the export's revision shape has all of it. */
export interface MarkdownRevision {
  ruminationId: number;
  version: number;
  content: string;
  isPublished: boolean;
  audiences: readonly { relationType: RelationType }[];
  savedTMS: string;
}

export const COMMENTS_FILE_NAME = 'comments.md';
/** The folder of the notes' photos, one file each, beside the notes' files. */
export const MEDIA_FOLDER = 'media';
/** The folder of the notes' earlier versions, one file each. */
export const HISTORY_FOLDER = 'history';

/** At most this many characters of a note's first words go into its file name. */
const SLUG_MAX = 40;
/** Ids are padded so that a file listing sorts the notes in the order they were written. */
const ID_DIGITS = 7;

/**
 * `0001234-first-words.md`: the id keeps names unique; the first words (letters and digits of any
 * script, lower case, joined by '-') make the file recognisable. Nothing else goes in, so the name
 * is valid on every file system; a note with no letters or digits is just `0001234.md`.
 */
export function ruminationFileName(rumination: Pick<MarkdownRumination, 'id' | 'content'>): string {
  const words =
    rumination.content
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    // Counted in code points, so that a cut never splits a surrogate pair.
    if ([...next].length > SLUG_MAX) {
      if (slug === '') slug = [...word].slice(0, SLUG_MAX).join('');
      break;
    }
    slug = next;
  }
  const id = String(rumination.id).padStart(ID_DIGITS, '0');
  return slug === '' ? `${id}.md` : `${id}-${slug}.md`;
}

/**
 * A rumination as a Markdown file. Every front matter value is one YAML cannot misread: an integer,
 * an ISO 8601 UTC timestamp (written by the server, never by a person), `true`/`false`, and a flow
 * list of audience names, which are fixed identifiers (`[Friend, BestFriend]`; `[]` is public), and
 * the note's tags when it has any, each quoted (tagList).
 */
export function ruminationMarkdown(
  rumination: MarkdownRumination,
  mediaExtension: MediaFileExtension = 'webp',
): string {
  const audiences = audienceList(rumination.audiences);
  const media = rumination.media ?? [];
  return [
    '---',
    `id: ${rumination.id}`,
    `created: ${rumination.createTMS}`,
    `updated: ${rumination.updateTMS}`,
    `published: ${rumination.isPublished ? 'true' : 'false'}`,
    `audiences: ${audiences}`,
    // Only a note that has tags says so: an untagged one's file stays as it always was.
    ...(rumination.tags?.length ? [`tags: ${tagList(rumination.tags)}`] : []),
    '---',
    '',
    withFinalNewline(rumination.content),
    ...(media.length === 0
      ? []
      : [media.map((m) => mediaMarkdown(m, mediaExtension)).join('\n\n'), '']),
  ].join('\n');
}

/**
 * `media/42.webp`: a photo's file in the zip, named by its id (api-contract.md "Photos"). Notes'
 * files sit at the zip's root, so they link it by this very path.
 */
export function mediaFileName(id: number, extension: MediaFileExtension = 'webp'): string {
  return `${MEDIA_FOLDER}/${id}.${extension}`;
}

/**
 * `![alt](media/42.webp)`, a paragraph of its own. The alt is one line, with the characters
 * that would end or break the link's text escaped, so that no alt text can change the file's
 * structure or point the link elsewhere.
 */
function mediaMarkdown(media: MarkdownMedia, extension: MediaFileExtension): string {
  const alt = media.alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, (c) => `\\${c}`);
  return `![${alt}](${mediaFileName(media.id, extension)})`;
}

/**
 * `["café", "2024"]`: each tag double-quoted (JSON's string form is YAML's too), since a tag may
 * read as a number or a boolean (`#2024`, `#true`) and any script may appear in it.
 */
function tagList(tags: readonly string[]): string {
  return `[${tags.map((tag) => JSON.stringify(tag)).join(', ')}]`;
}

/** `[Friend, BestFriend]`; `[]` is public. */
function audienceList(audiences: readonly { relationType: RelationType }[]): string {
  return `[${audiences.map((a) => audienceNameOf(a.relationType)).join(', ')}]`;
}

/**
 * `history/0001234-v2.md`: an earlier version of the note whose file starts with `0001234`, named
 * by the number of the version it was, so that a listing sorts a note's versions together.
 */
export function revisionFileName(
  revision: Pick<MarkdownRevision, 'ruminationId' | 'version'>,
): string {
  const id = String(revision.ruminationId).padStart(ID_DIGITS, '0');
  return `${HISTORY_FOLDER}/${id}-v${revision.version}.md`;
}

/** An earlier version of a note, with front matter as plain as a note's own (see above). */
export function revisionMarkdown(revision: MarkdownRevision): string {
  return [
    '---',
    `rumination: ${revision.ruminationId}`,
    `version: ${revision.version}`,
    `saved: ${revision.savedTMS}`,
    `published: ${revision.isPublished ? 'true' : 'false'}`,
    `audiences: ${audienceList(revision.audiences)}`,
    '---',
    '',
    withFinalNewline(revision.content),
  ].join('\n');
}

/** The start of comments.md; the sections of my own comments follow, in the order given. */
export function commentsMarkdownHead(): string {
  return '# My comments\n\nEvery comment I wrote, oldest first.\n';
}

/** The start of the second part of comments.md: the comments other people left on my notes. */
export function commentsOnMineMarkdownHead(): string {
  return '\n# Comments on my ruminations\n\nEvery comment other people left on my ruminations, note by note, oldest first.\n';
}

/**
 * Whether the comment an own comment replies to is in neither part of comments.md: the file holds
 * my comments and every comment on my ruminations, so a reply points outside it only when it
 * answers someone else's comment on someone else's rumination. An erased account's comment is
 * never mine (its tombstone has its own id).
 */
export function repliesOutsideExport(
  callerId: number,
  facts: {
    parentCommentId: number | null;
    ruminationAuthorId: number;
    parentAuthorId: number | null;
  },
): boolean {
  return (
    facts.parentCommentId !== null &&
    facts.ruminationAuthorId !== callerId &&
    facts.parentAuthorId !== callerId
  );
}

/**
 * One of my comments as a section of comments.md. The words are quoted (`> ` on every line) so
 * that a heading or a `---` in a comment cannot break the file's own structure. `repliesOutside`
 * (repliesOutsideExport) says that the comment it answers is not in the file, so that no "In reply
 * to" points at a section a reader will not find.
 */
export function commentMarkdown(comment: MarkdownComment, repliesOutside = false): string {
  return commentSection(comment, [], repliesOutside);
}

/** Someone else's comment on my rumination as a section of comments.md, naming its author. */
export function commentOnMineMarkdown(comment: MarkdownCommentOnMine): string {
  return commentSection(comment, [`- By: ${authorLine(comment.createdBy)}`], false);
}

/**
 * "José Núñez 🌻 (@jnunez)": the name people recognise, and the username that tells two people of
 * one name apart; an erased account has neither, only its placeholder name.
 */
export function authorLine(person: { username: string; displayName: string }): string {
  return person.username === ERASED_ACCOUNT_NAME
    ? ERASED_ACCOUNT_NAME
    : `${person.displayName} (@${person.username})`;
}

function commentSection(
  comment: MarkdownComment,
  byline: readonly string[],
  repliesOutside: boolean,
): string {
  const parent = comment.parentCommentId;
  const facts = [
    ...byline,
    `- Rumination: ${comment.ruminationId}`,
    `- Written: ${comment.createTMS}`,
    ...(comment.updateTMS !== comment.createTMS ? [`- Updated: ${comment.updateTMS}`] : []),
    `- In reply to: ${
      parent === null
        ? 'none'
        : repliesOutside
          ? `comment ${parent} (not mine, on someone else's rumination: not in this file)`
          : `comment ${parent}`
    }`,
  ];
  const body = comment.isDeleted
    ? '*Deleted.*'
    : comment.content
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
  return `\n## Comment ${comment.id}${comment.isDeleted ? ' (deleted)' : ''}\n\n${facts.join('\n')}\n\n${body}\n`;
}

/**
 * The whole of comments.md, for whoever holds the comments at once (the mock backend): my comments,
 * each with whether it replies outside the file, then the comments on my ruminations.
 */
export function commentsMarkdown(
  own: Iterable<{ comment: MarkdownComment; repliesOutside: boolean }>,
  onMine: Iterable<MarkdownCommentOnMine>,
): string {
  let text = commentsMarkdownHead();
  for (const { comment, repliesOutside } of own) text += commentMarkdown(comment, repliesOutside);
  text += commentsOnMineMarkdownHead();
  for (const comment of onMine) text += commentOnMineMarkdown(comment);
  return text;
}

export type ExportFileKind = 'json' | 'zip';

/**
 * `ruminations-<username>-<YYYY-MM-DD>.<ext>`, the download's name (Content-Disposition). Usernames
 * are already plain; anything else is replaced so the header's quoted string stays valid ASCII.
 */
export function exportFileName(username: string, exportedAt: string, kind: ExportFileKind): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '_');
  return `ruminations-${safe}-${exportedAt.slice(0, 10)}.${kind}`;
}

/** The Content-Disposition header of the download. */
export function exportContentDisposition(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}

function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** The Content-Type of each download. */
export const EXPORT_CONTENT_TYPES: Record<ExportFileKind, string> = {
  json: 'application/json; charset=utf-8',
  zip: 'application/zip',
};
