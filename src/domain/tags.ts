import { noteSegments, normalizeTag, TAG_MAX } from './note-references';

/**
 * Tags (api-contract.md "Habits of a shared journal"): what a rumination is tagged with, and which
 * `tag=` a list may be asked for. The scanner is note-references.ts.
 */

export { normalizeTag, TAG_MAX };

/** The rumination's tags as stored: NFC, lower-cased, each once, in order of first appearance. */
export function extractTags(content: string): string[] {
  // Most notes hold no '#': every card of every list asks (rumination-wire.ts), so they skip the scan.
  if (!content.includes('#')) return [];
  const tags = new Set<string>();
  for (const segment of noteSegments(content)) {
    if (segment.kind === 'tag') tags.add(segment.tag);
  }
  return [...tags];
}

const TAG_ONLY = new RegExp(String.raw`^[\p{L}\p{M}\p{N}_]{1,${TAG_MAX}}$`, 'u');

/**
 * The tag a list is asked for (`tag=`), as stored, or null when no note can hold it (the list is
 * then empty, with no query). A leading `#` is allowed, and the case and form of letters are
 * folded as a note's tags are, so that `tag=Café` finds what `#café` tagged.
 */
export function tagFilterOf(tag: string | undefined): string | null | undefined {
  if (tag === undefined) return undefined;
  const bare = normalizeTag(tag.startsWith('#') ? tag.slice(1) : tag);
  return TAG_ONLY.test(bare) ? bare : null;
}

export interface TagCount {
  tag: string;
  count: number;
}

/** `GET /api/account/tags`'s order: most used first, then by tag (code point order). */
export function compareTagCounts(a: TagCount, b: TagCount): number {
  if (a.count !== b.count) return b.count - a.count;
  return a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0;
}
