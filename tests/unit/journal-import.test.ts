import { describe, expect, it } from 'vitest';
import {
  decideJournalFile,
  IMPORT_PROBLEMS,
  unsafeEntryName,
} from '../../src/domain/journal-import';
import {
  readDayOneEntry,
  readMarkdownNote,
  unescapeDayOne,
  withTags,
} from '../../src/domain/journal-import-entries';
import { ruminationMarkdown } from '../../src/domain/markdown-export';

/** The import's pure rules (src/domain/journal-import*.ts), shared by the server and the mock. */

const now = new Date('2026-01-01T00:00:00Z');
const entry = (name: string, bytes = 10, compressedBytes = 10) => ({
  name,
  bytes,
  compressedBytes,
});

describe('which file is a journal export', () => {
  it('Day One by a *.json journal (Journal.json first), the Markdown export by its notes', () => {
    expect(decideJournalFile([entry('Travel.json'), entry('Journal.json')])).toEqual({
      ok: true,
      value: { kind: 'dayone', journals: ['Journal.json', 'Travel.json'] },
    });
    expect(
      decideJournalFile([entry('0000002-b.md'), entry('comments.md'), entry('0000001.md')]),
    ).toEqual({ ok: true, value: { kind: 'markdown', notes: ['0000001.md', '0000002-b.md'] } });
    expect(decideJournalFile([entry('readme.txt'), entry('history/0000001-v1.md')])).toEqual({
      ok: false,
      refusal: IMPORT_PROBLEMS.notJournal,
    });
  });

  it('refuses paths outside the export and bombs before anything else', () => {
    for (const name of ['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\..\\x']) {
      expect(unsafeEntryName(name), name).toBe(true);
    }
    expect(unsafeEntryName('photos/a..b.jpeg')).toBe(false);
    const bomb = decideJournalFile([entry('Journal.json'), entry('p.png', 50_000_000, 1000)]);
    expect(bomb.ok === false && bomb.refusal.title).toBe(IMPORT_PROBLEMS.bomb.title);
  });
});

describe('a Day One entry', () => {
  it('unescapes Markdown, replaces moment links by photos in the order shown, appends tags', () => {
    expect(unescapeDayOne('1\\. a\\-b \\!\\(x\\) \\\\ \\#')).toBe('1. a-b !(x) \\ #');
    const read = readDayOneEntry(
      {
        uuid: 'U',
        creationDate: '2020-02-29T12:00:00Z',
        text: 'Hi\\!\n![](dayone-moment://B)\n![](dayone-moment://A)',
        tags: ['Day trip', '#x', 'hi'],
        photos: [
          { md5: 'aa', identifier: 'A', type: 'jpeg' },
          { md5: 'bb', identifier: 'B', type: 'png' },
        ],
      },
      0,
      now,
    );
    expect(read).toEqual({
      ok: true,
      entry: {
        key: 'dayone:U',
        label: 'U',
        created: '2020-02-29T12:00:00.000Z',
        text: 'Hi!\n\n#day_trip #x #hi',
        photos: [
          { file: 'photos/bb.png', alt: '' },
          { file: 'photos/aa.jpeg', alt: '' },
        ],
      },
    });
    expect(withTags('about #Hi', ['hi'])).toBe('about #Hi');
  });

  it('is skipped with a reason when it cannot be read', () => {
    expect(readDayOneEntry({ text: 'x' }, 4, now)).toEqual({
      ok: false,
      error: { entry: '#5', message: 'This entry has no uuid' },
    });
    expect(
      readDayOneEntry({ uuid: 'F', creationDate: '2030-01-01T00:00:00Z', text: 'x' }, 0, now),
    ).toMatchObject({ ok: false, error: { message: 'This entry is dated in the future' } });
  });
});

describe('a note of the Markdown export', () => {
  it('reads back what ruminationMarkdown wrote: text, date, photos with their alt, tags', () => {
    const file = ruminationMarkdown({
      id: 12,
      content: 'Sea #blue',
      createTMS: '2024-03-01T10:00:00.000Z',
      updateTMS: '2024-03-02T10:00:00.000Z',
      isPublished: true,
      audiences: [],
      media: [
        { id: 5, alt: 'a [b]' },
        { id: 6, alt: '' },
      ],
      tags: ['blue'],
    });
    expect(readMarkdownNote('0000012-sea-blue.md', file, now)).toEqual({
      ok: true,
      entry: {
        key: 'note:12:2024-03-01T10:00:00.000Z',
        label: '0000012-sea-blue.md',
        created: '2024-03-01T10:00:00.000Z',
        text: 'Sea #blue',
        photos: [
          { file: 'media/5.webp', alt: 'a [b]' },
          { file: 'media/6.webp', alt: '' },
        ],
        noteId: 12,
      },
    });
  });
});
