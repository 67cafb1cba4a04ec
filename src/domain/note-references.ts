/**
 * The references a note's or a comment's text holds (api-contract.md "Habits of a shared journal"):
 * `#tags` and `@mentions`, found by one scanner so that the server, the mock backend and the SPA's
 * rendering cut a text the same way. tags.ts and mentions.ts read what it finds.
 *
 * - Not inside a URL: a web address (`https://…`, `www.…`) is read as one piece before anything
 *   else, so its `#fragment` or `/@name` path is neither a tag nor a mention.
 * - Not inside a word: a `#` or `@` right after a letter, mark, digit or `_` (or after one of the
 *   characters that glue an address together, such as `/`, `.`, `&` or `=`) starts nothing, so
 *   `email@example.com`, `C#` and `&#39;` stay text.
 * - A tag is 1 to 50 letters, marks, digits or `_` of any script; a longer run is no tag (it would
 *   otherwise be cut at a place the writer did not choose).
 * - A mention is a username as in Limits (3 to 32 of `A-Z a-z 0-9 _ . -`); dots at its end are the
 *   sentence's, not the name's ("thanks @ana."), so they are left out.
 */

export const TAG_MAX = 50;
const USERNAME_MIN = 3;
const USERNAME_MAX = 32;

export type NoteSegment =
  | { kind: 'text'; text: string }
  /** `text` as written (`#Café`), `tag` as stored (`café`). */
  | { kind: 'tag'; text: string; tag: string }
  /** `text` as written (`@Ana`), `username` as written without the `@` (`Ana`). */
  | { kind: 'mention'; text: string; username: string };

// A scheme of at most 32 characters, starting a word: unbounded, a long run of letters (a pasted
// hash, a hostile 60,000 x's) made every position try the whole rest of the run before failing at
// "://", and a 60 KB text took 6 s to cut (the server cuts each saved text, and every card it
// answers); inside a word, a position fails at once.
const URL_SOURCE = String.raw`(?<![a-z0-9+.\-])(?:[a-z][a-z0-9+.\-]{0,31}:\/\/|www\.)[^\s<>]*`;
const WORD = String.raw`\p{L}\p{M}\p{N}_`;
const TAG_SOURCE = String.raw`(?<![${WORD}&\/#@.=?+~%\-])#([${WORD}]+)`;
const MENTION_SOURCE = String.raw`(?<![${WORD}.@\/&+=\-])@([A-Za-z0-9_.\-]+)`;
const REFERENCE = new RegExp(`(${URL_SOURCE})|${TAG_SOURCE}|${MENTION_SOURCE}`, 'giu');

/** A tag as stored and compared: NFC, lower-cased, without `#`. */
export function normalizeTag(tag: string): string {
  return tag.normalize('NFC').toLowerCase().normalize('NFC');
}

/** The text cut into plain runs, tags and mentions, in order; joined back it is the text. */
export function noteSegments(text: string): NoteSegment[] {
  const segments: NoteSegment[] = [];
  let plain = '';
  let at = 0;
  const flush = () => {
    if (plain !== '') segments.push({ kind: 'text', text: plain });
    plain = '';
  };
  for (const match of text.matchAll(REFERENCE)) {
    const start = match.index;
    plain += text.slice(at, start);
    at = start + match[0].length;
    const [whole, url, tag, name] = match;
    if (url === undefined && tag !== undefined && tag.length <= TAG_MAX) {
      flush();
      segments.push({ kind: 'tag', text: whole, tag: normalizeTag(tag) });
      continue;
    }
    const username = name?.replace(/\.+$/, '');
    if (url === undefined && username !== undefined && isUsernameLength(username)) {
      flush();
      segments.push({ kind: 'mention', text: `@${username}`, username });
      // The sentence's dots after the name stay text.
      plain += whole.slice(username.length + 1);
      continue;
    }
    plain += whole;
  }
  plain += text.slice(at);
  flush();
  return segments;
}

function isUsernameLength(username: string): boolean {
  return username.length >= USERNAME_MIN && username.length <= USERNAME_MAX;
}
