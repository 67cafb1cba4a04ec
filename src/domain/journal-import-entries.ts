import { ruminationContent } from '../api/content-rules';
import { WRITTEN_TIME_FUTURE_MS, MEDIA_PER_NOTE_MAX } from '../api/limits';
import { MEDIA_FOLDER } from './markdown-export';
import { normalizeTag, TAG_MAX } from './note-references';
import { extractTags } from './tags';

/**
 * One entry of a journal export read into what the import stores (api-contract.md "Bring your
 * journal: import"), or the reason it is skipped. Pure: the server and the mock backend load the
 * file's parts and store the result.
 */

/** A photo an entry attaches, by its file in the zip, in the order the note shows it. */
export interface ImportPhotoRef {
  file: string;
  alt: string;
}

export interface ImportEntry {
  /** What makes the entry known to the account (importing it again adds nothing). */
  key: string;
  /** How `errors` names it: a Day One uuid, a note's file name. */
  label: string;
  /** When it was written: the note's createTMS. */
  created: string;
  /** Its text as the note holds it: unescaped, its photo links removed, its tags appended. */
  text: string;
  photos: ImportPhotoRef[];
  /** This app's note it came from (Markdown export): a note of mine with this id and `created` is known. */
  noteId?: number;
}

export type EntryReading =
  { ok: true; entry: ImportEntry } | { ok: false; error: { entry: string; message: string } };

export const ENTRY_PROBLEMS = {
  notAnEntry: 'This entry cannot be read',
  noKey: 'This entry has no uuid',
  noDate: 'This entry has no date it was written',
  future: 'This entry is dated in the future',
  noFrontMatter: 'This note has no front matter (id and created)',
  tooManyPhotos: (count: number) =>
    `This entry has ${count} photos; a note holds at most ${MEDIA_PER_NOTE_MAX}`,
  missingPhoto: (file: string) => `Its photo ${file} is not in the file`,
  photoRefused: (file: string, why: string) => `Its photo ${file}: ${why}`,
  tooBig: 'This entry is too large to read',
} as const;

/** Day One escapes Markdown's punctuation (`\.` `\-` `\!` `\(`): the note holds the characters. */
export function unescapeDayOne(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** `![](dayone-moment://ID)` (and `dayone-moment:/photo/ID`): where Day One showed a photo. */
const MOMENT = /!\[[^\]\n]*\]\(dayone-moment:\/\/?(?:[a-z]+\/)?([A-Za-z0-9-]+)\)/g;

/**
 * A Day One tag as a tag of ours (src/domain/tags.ts): spaces become `_`, what a tag may not hold
 * goes, cut to TAG_MAX; nothing left, no tag.
 */
export function tagOfDayOne(tag: string): string | undefined {
  const bare = normalizeTag(tag.trim().replace(/\s+/g, '_')).replace(/[^\p{L}\p{M}\p{N}_]/gu, '');
  return bare === '' ? undefined : [...bare].slice(0, TAG_MAX).join('');
}

/** The text with `#tags` appended on a line of their own for the tags it does not hold yet. */
export function withTags(text: string, tags: readonly string[]): string {
  const held = new Set(extractTags(text));
  const missing: string[] = [];
  for (const raw of tags) {
    const tag = tagOfDayOne(raw);
    if (tag === undefined || held.has(tag)) continue;
    held.add(tag);
    missing.push(`#${tag}`);
  }
  if (missing.length === 0) return text;
  const body = text.trimEnd();
  return body === '' ? missing.join(' ') : `${body}\n\n${missing.join(' ')}`;
}

/** A written time that may be stored: a date, not later than the server's clock allows. */
function createdOf(value: unknown, now: Date): string | 'none' | 'future' {
  if (typeof value !== 'string' && typeof value !== 'number') return 'none';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'none';
  if (date.getTime() > now.getTime() + WRITTEN_TIME_FUTURE_MS) return 'future';
  return date.toISOString();
}

/** The content rule of every note (trimmed, 1 to 5,000 characters, storable), or its message. */
function contentProblem(text: string): string | undefined {
  const parsed = ruminationContent.safeParse(text);
  return parsed.success
    ? undefined
    : (parsed.error.issues[0]?.message ?? ENTRY_PROBLEMS.notAnEntry);
}

function finish(entry: ImportEntry, now: Date, createdRaw: unknown): EntryReading {
  const fail = (message: string): EntryReading => ({
    ok: false,
    error: { entry: entry.label, message },
  });
  const created = createdOf(createdRaw, now);
  if (created === 'none') return fail(ENTRY_PROBLEMS.noDate);
  if (created === 'future') return fail(ENTRY_PROBLEMS.future);
  if (entry.photos.length > MEDIA_PER_NOTE_MAX) {
    return fail(ENTRY_PROBLEMS.tooManyPhotos(entry.photos.length));
  }
  const problem = contentProblem(entry.text);
  if (problem !== undefined) return fail(problem);
  return { ok: true, entry: { ...entry, created, text: entry.text.trim() } };
}

interface DayOnePhoto {
  md5?: unknown;
  identifier?: unknown;
  type?: unknown;
}

/**
 * One of Day One's `entries[]` (its `index` names it when it has no uuid): the key `dayone:<uuid>`,
 * the creation date, the text unescaped with each photo's moment link removed, the photos in the
 * order the text showed them (then any it did not show), the tags appended.
 */
export function readDayOneEntry(raw: unknown, index: number, now: Date): EntryReading {
  if (typeof raw !== 'object' || raw === null) {
    return { ok: false, error: { entry: `#${index + 1}`, message: ENTRY_PROBLEMS.notAnEntry } };
  }
  const record = raw as Record<string, unknown>;
  const uuid =
    typeof record.uuid === 'string' && record.uuid.trim() !== '' ? record.uuid : undefined;
  const label = uuid ?? `#${index + 1}`;
  if (uuid === undefined)
    return { ok: false, error: { entry: label, message: ENTRY_PROBLEMS.noKey } };
  const text = typeof record.text === 'string' ? record.text : '';
  const photos = Array.isArray(record.photos) ? (record.photos as DayOnePhoto[]) : [];
  const byId = new Map<string, DayOnePhoto>();
  for (const photo of photos) {
    if (typeof photo?.identifier === 'string') byId.set(photo.identifier, photo);
  }
  const shown: DayOnePhoto[] = [];
  // The link goes; the photo it named is attached (a link to a photo the entry lacks just goes).
  const stripped = text.replace(MOMENT, (_link, id: string) => {
    const photo = byId.get(id);
    if (photo !== undefined && !shown.includes(photo)) shown.push(photo);
    return '';
  });
  const ordered = [
    ...shown,
    ...photos.filter((p) => typeof p === 'object' && p !== null && !shown.includes(p)),
  ];
  const refs: ImportPhotoRef[] = [];
  for (const photo of ordered) {
    if (typeof photo.md5 !== 'string' || !/^[A-Za-z0-9]+$/.test(photo.md5)) {
      return { ok: false, error: { entry: label, message: ENTRY_PROBLEMS.notAnEntry } };
    }
    const type =
      typeof photo.type === 'string' && /^[a-z0-9]+$/i.test(photo.type) ? photo.type : 'jpeg';
    refs.push({ file: `photos/${photo.md5}.${type}`, alt: '' });
  }
  const tags = Array.isArray(record.tags) ? record.tags.filter((t) => typeof t === 'string') : [];
  const body = withTags(unescapeDayOne(stripped).replace(/\n{3,}/g, '\n\n'), tags);
  return finish(
    { key: `dayone:${uuid}`, label, created: '', text: body, photos: refs },
    now,
    record.creationDate,
  );
}

/** Day One's journal: its `entries[]`, or undefined when the JSON is not one. */
export function dayOneEntriesOf(json: unknown): unknown[] | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const entries = (json as { entries?: unknown }).entries;
  return Array.isArray(entries) ? entries : undefined;
}

/** `![alt](media/42.webp)` on a line of its own: a photo the export linked below the note's text. */
const MEDIA_LINE = new RegExp(
  String.raw`^!\[((?:\\.|[^\]\\])*)\]\((${MEDIA_FOLDER}/\d+\.(?:webp|jpg))\)$`,
);

/** The front matter's `tags: ["a", "b"]` (JSON's string form, markdown-export.ts). */
function frontMatterTags(value: string | undefined): string[] {
  if (value === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * One note's file of this app's Markdown export (markdown-export.ts ruminationMarkdown): the key
 * `note:<id>:<created>`, its text without the photo links the export added below it, those photos
 * (`media/<id>.webp`) with their alt, and its tags. Whatever the front matter says of publishing or
 * audiences, the import makes a draft.
 */
export function readMarkdownNote(name: string, file: string, now: Date): EntryReading {
  const fail = (message: string): EntryReading => ({ ok: false, error: { entry: name, message } });
  const text = file.replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n\n?([\s\S]*)$/.exec(text);
  if (match === null) return fail(ENTRY_PROBLEMS.noFrontMatter);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) fields.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const id = Number(fields.get('id'));
  const createdRaw = fields.get('created');
  if (!Number.isSafeInteger(id) || id <= 0 || createdRaw === undefined) {
    return fail(ENTRY_PROBLEMS.noFrontMatter);
  }
  const lines = (match[2] ?? '').replace(/\n+$/, '').split('\n');
  const photos: ImportPhotoRef[] = [];
  // The export writes the photos last, one paragraph each: read them from the end.
  for (;;) {
    const last = lines.at(-1);
    const link = last === undefined ? null : MEDIA_LINE.exec(last);
    if (link === null) break;
    photos.unshift({ file: link[2] ?? '', alt: (link[1] ?? '').replace(/\\([\\[\]])/g, '$1') });
    lines.pop();
    while (lines.at(-1) === '') lines.pop();
  }
  const body = withTags(lines.join('\n'), frontMatterTags(fields.get('tags')));
  const created = createdOf(createdRaw, now);
  return finish(
    {
      key: `note:${id}:${created}`,
      label: name,
      created: '',
      text: body,
      photos,
      noteId: id,
    },
    now,
    createdRaw,
  );
}
